"""The value network of the "master" level: a small multilayer perceptron run in numpy (issue 43).

`ValueNetwork.predict(features)` maps an encoding (`engine.gah.ai.encoding.encode`, `SIZE` floats) to a correction in
VP: what the player's final score will be beyond the hand-built evaluation of the state
(`engine.gah.ai.expert.expert_evaluate`). So `value(state, index)` = hand-built evaluation + correction estimates the
player's final score, and a network whose output layer is zero is the hand-built evaluation exactly.

Shape: inputs standardized by the training set's mean and spread, one or two hidden layers of tanh units, one
linear output, clipped to +-`ValueNetwork.limit` VP (a state far from the training data should not swing the
search). The weights are `engine/gah/data/value_net.npz` (arrays `mean`, `scale`, `w0`, `b0`, [`w1`, `b1`, ...]
for the hidden layers, `out_w`, `out_b`, `limit`, and `players`: the tables it was trained on, see
`table_key`), loaded once per process (`load`). Inference is float64 numpy, no randomness, no clock: the same
state gives the same value. Training is offline only (bench/train_value.py); the engine needs only numpy.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import resources
from io import BytesIO

import numpy as np
import numpy.typing as npt

from engine.gah.ai.economy import economy_value
from engine.gah.ai.encoding import SIZE, encode_with_parts
from engine.gah.state import GameState

WEIGHTS_FILE = "value_net.npz"
"""The shipped weights, in `engine/gah/data/`."""

Array = npt.NDArray[np.float64]


@dataclass(frozen=True)
class ValueNetwork:
    """Weights of the value network (see the module docstring); `hidden` holds (weights, biases) per layer."""

    mean: Array
    scale: Array
    hidden: tuple[tuple[Array, Array], ...]
    out_w: Array
    out_b: float
    limit: float
    players: frozenset[int]
    """The tables the network was trained on: 1 for a solo game (against Leopold or Elisabeth), else the number of
    players."""

    def predict(self, features: list[float] | Array) -> float:
        """The correction in VP for one encoding (clipped to +-`limit`).

        Raises:
            ValueError: the encoding does not have the network's input size.
        """
        x = np.asarray(features, dtype=np.float64)
        if x.shape != self.mean.shape:
            raise ValueError(f"expected {self.mean.shape[0]} features, got {x.shape}")
        h = (x - self.mean) / self.scale
        for weights, biases in self.hidden:
            h = np.tanh(h @ weights + biases)
        out = float(h @ self.out_w) + self.out_b
        return max(-self.limit, min(self.limit, out))

    def trained_for(self, state: GameState) -> bool:
        """Whether the network was trained on games at this kind of table (`table_key`)."""
        return table_key(state) in self.players

    def to_arrays(self) -> dict[str, Array]:
        """The arrays stored in the weights file."""
        arrays: dict[str, Array] = {"mean": self.mean, "scale": self.scale, "out_w": self.out_w,
                                    "out_b": np.array([self.out_b]), "limit": np.array([self.limit]),
                                    "players": np.array(sorted(self.players), dtype=np.float64)}
        for k, (weights, biases) in enumerate(self.hidden):
            arrays[f"w{k}"] = weights
            arrays[f"b{k}"] = biases
        return arrays

    @classmethod
    def from_arrays(cls, arrays: dict[str, Array]) -> ValueNetwork:
        """Inverse of `to_arrays`.

        Raises:
            KeyError: an array is missing.
        """
        hidden = []
        k = 0
        while f"w{k}" in arrays:
            hidden.append((np.asarray(arrays[f"w{k}"], dtype=np.float64),
                           np.asarray(arrays[f"b{k}"], dtype=np.float64)))
            k += 1
        return cls(np.asarray(arrays["mean"], dtype=np.float64), np.asarray(arrays["scale"], dtype=np.float64),
                   tuple(hidden), np.asarray(arrays["out_w"], dtype=np.float64), float(arrays["out_b"][0]),
                   float(arrays["limit"][0]), frozenset(int(n) for n in arrays["players"]))


def table_key(state: GameState) -> int:
    """1 for a solo game, else the number of players (a solo game has two seats: the player and the opponent)."""
    return 1 if state.solo is not None else len(state.players)


@cache
def load() -> ValueNetwork:
    """The shipped network (`engine/gah/data/value_net.npz`), read once per process.

    Raises:
        FileNotFoundError: the weights file is missing from the package.
        ValueError: its input size is not the encoding's (`engine.gah.ai.encoding.SIZE`).
    """
    raw = resources.files("engine.gah").joinpath("data", WEIGHTS_FILE).read_bytes()
    with np.load(BytesIO(raw), allow_pickle=False) as data:
        network = ValueNetwork.from_arrays({name: data[name] for name in data.files})
    if network.mean.shape != (SIZE,):
        raise ValueError(f"{WEIGHTS_FILE} expects {network.mean.shape[0]} features; the encoding has {SIZE}")
    return network


def value(state: GameState, index: int, network: ValueNetwork | None = None) -> float:
    """The estimated final score of the player at seat `index`: the expert's hand-built evaluation plus the
    network's correction (VP equivalents; minus `W.cafe_aversion` per café guest, like the evaluation).

    Reads only the player's view (`engine.gah.ai.encoding`). At the end of the game it is the evaluation exactly.
    """
    features, parts = encode_with_parts(state, index)
    base = sum(parts) + economy_value(state, index)  # the terms the network's inputs leave out
    if state.phase in ("final", "over"):
        return base
    return base + (network or load()).predict(features)
