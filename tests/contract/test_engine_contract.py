"""One contract for every engine (issue 41, item 6; OpenSpiel's `random_sim_test` in spirit).

Every game in `tests.contract.engines.ENGINES` plays seeded random games (its own random policy) for each of its
setups (every player count and a few option sets), and after every action:

- the game's own invariants hold (the entry's `invariants`, as in tests/engine/test_playouts.py and
  tests/overbooking/test_random_games.py);
- the state round-trips through JSON exactly, and the round-tripped state offers the same legal actions;
- legal actions exist exactly until the game is over (then `current_player` is None); their texts are unique,
  at most 60 characters, and `parse_action(state, str(a)) == a`;
- `player_view` hides what it must (the entry's `hides`), for the player on turn and for the public;
- the legal moves depend only on the view: `legal_actions(view)` equals `legal_actions(state)`, and a twin
  state with other hidden cards and generator (the entry's `twin`) has the same view and the same legal moves;
- `apply` leaves its input unchanged.

Then the game replays from its seed and action texts, with the global `random` disturbed, to the same states
(determinism), and a finished game refuses with the sibling refusals (`GameOver`, `MalformedAction`,
`NotYourTurn`, `NotPossibleNow`; see `engine.core.actions.IllegalAction`).

Golden replays: tests/contract/golden/*.json each hold a short recorded game (engine, setup, seed, action texts,
the SHA-256 of its event list, the final scores); the test replays them to the same events. A deliberate rule or
wording change that alters the events (bump the engine's `__version__`) is re-recorded with

    python -m tests.contract.test_engine_contract --record

and the diff of the golden files is reviewed like code. A new game gets all of this by adding its entry to
`ENGINES` and its golden games to `GOLDEN`.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from engine import Action, Event, GameOver, IllegalAction, MalformedAction, NotPossibleNow, NotYourTurn
from tests.contract.engines import ENGINES, EngineUnderTest

GAMES_PER_SETUP = 2
"""Seeded random games per setup; seeds 1, 2, ... (the whole module stays well under a minute on one core)."""
GOLDEN_DIR = Path(__file__).parent / "golden"
NONSENSE = Action("nonsense", ("no such thing",), "nonsense no such thing")
"""An action no engine offers (its verb is no game's)."""

CASES = [(entry, label) for entry in ENGINES for label in entry.setups]


@dataclass(frozen=True)
class Golden:
    """A recorded game: `engine` and `setup` name an `ENGINES` entry and one of its setups; at most `cap`
    actions of its random policy (seeded like the game)."""

    engine: str
    setup: str
    seed: int
    cap: int

    @property
    def path(self) -> Path:
        slug = "-".join("".join(ch if ch.isalnum() else " " for ch in self.setup.lower()).split())
        return GOLDEN_DIR / f"{self.engine}-{slug}-{self.seed}.json"


GOLDEN = (
    Golden("gah", "2 players", 5, 1000),
    Golden("gah", "solo Leopold", 5, 1000),
    Golden("gah", "Let's Waltz, all modules", 5, 120),
    Golden("overbooking", "3 players, advanced scoring", 5, 1000),
    Golden("overbooking", "3 players, no score cards", 6, 1000),
)


def _entry(name: str) -> EngineUnderTest:
    return next(entry for entry in ENGINES if entry.name == name)


def events_digest(events: list[Event]) -> str:
    """SHA-256 of the event list (kind, player, text, data of each), in a stable JSON form."""
    rows = [[event.kind, event.player, event.text, event.data] for event in events]
    return hashlib.sha256(json.dumps(rows, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def digest(text: str) -> str:
    """SHA-256 of a state's JSON text."""
    return hashlib.sha256(text.encode()).hexdigest()


def scores(entry: EngineUnderTest, state: Any) -> dict[str, int]:
    return {name: score.total for name, score in entry.api.final_scores(state).items()}


# ----- the checks after every action ---------------------------------------------------------------------


def check_state(entry: EngineUnderTest, state: Any, twins: list[bool]) -> tuple[str, list[Action]]:
    """Every per-state clause of the contract; returns the state's JSON and its legal actions. `twins` gets, per
    decision, whether its twin differs from the state in more than the generator (so the view clause is known to
    be exercised)."""
    api = entry.api
    entry.invariants(state)
    text = state.to_json()
    again = api.GameState.from_json(text)
    assert again == state and again.to_json() == text, "JSON round trip changed the state"
    actions: list[Action] = api.legal_actions(state)
    assert api.legal_actions(again) == actions, "the round-tripped state offers other actions"
    entry.hides(state, api.player_view(state, None), None)
    if state.is_over:
        assert actions == [] and state.current_player is None
        return text, actions
    assert actions, "no legal action although the game is not over"
    texts = [str(action) for action in actions]
    assert len(set(texts)) == len(texts), f"duplicate action texts: {texts}"
    assert max(map(len, texts)) <= 60, f"an action text is too long: {texts}"
    for action in actions:
        assert api.parse_action(state, str(action)) == action, f"{action} does not parse back"
    me = state.current_player
    view = api.player_view(state, me)
    entry.hides(state, view, me)
    assert api.legal_actions(view) == actions, "the view offers other actions than the state"
    twin = entry.twin(state, me)
    assert api.player_view(twin, me) == view, "the twin looks different to the player"
    assert api.legal_actions(twin) == actions, "the legal moves depend on what the view hides"
    cards_only = twin.copy()
    cards_only.rng = state.rng
    twins.append(cards_only != state)
    return text, actions


def play_checked(entry: EngineUnderTest, config: Any, seed: int) -> tuple[Any, list[str], list[str], list[bool]]:
    """A random game with every check; returns (final state, action texts, state digests after each, and per
    decision whether its twin had other hidden cards)."""
    api = entry.api
    state = api.new_game(config)
    assert api.new_game(config).to_json() == state.to_json(), "new_game is not deterministic"
    refuse_early(entry, state)
    policy = entry.policy(seed)
    texts: list[str] = []
    digests: list[str] = []
    twins: list[bool] = []
    while True:
        before, actions = check_state(entry, state, twins)
        if texts:
            digests.append(digest(before))
        if state.is_over:
            break
        action = policy.choose(state)
        assert action in actions, f"the random policy chose {action}, which is not legal"
        after, events = api.apply(state, action)
        assert state.to_json() == before, f"apply({action}) changed its input state"
        assert all(isinstance(event, Event) for event in events)
        state = after
        texts.append(str(action))
        assert len(texts) < entry.max_actions, "the game did not end"
    return state, texts, digests, twins


def refuse_early(entry: EngineUnderTest, state: Any) -> None:
    """A fresh game refuses nonsense text, an action it does not offer and a name that is not on turn, each with
    its own sibling refusal, and stays unchanged."""
    api = entry.api
    before = state.to_json()
    with pytest.raises(MalformedAction):
        api.parse_action(state, "fly to the moon")
    with pytest.raises(NotPossibleNow):
        api.apply(state, NONSENSE)
    with pytest.raises(NotYourTurn):
        api.apply(state, api.legal_actions(state)[0], player="nobody at all")
    assert state.to_json() == before


def refuse_late(entry: EngineUnderTest, state: Any, first: Action) -> None:
    """A finished game refuses every action as `GameOver` (nonsense text is still `MalformedAction`)."""
    api = entry.api
    before = state.to_json()
    with pytest.raises(GameOver) as by_apply:
        api.apply(state, first)
    with pytest.raises(GameOver) as by_text:
        api.parse_action(state, str(first))
    for error in (by_apply.value, by_text.value):
        assert isinstance(error, IllegalAction) and not isinstance(error, NotPossibleNow)
    with pytest.raises(MalformedAction):
        api.parse_action(state, "fly to the moon")
    assert state.to_json() == before


def replay(entry: EngineUnderTest, config: Any, texts: list[str], disturb: int | None = None) -> tuple[Any, list[
        str], list[Event]]:
    """Replay action texts from a fresh game; returns (final state, state digests after each, all events). With
    `disturb`, the global `random` is reseeded and drawn from before each action (the engine must not use it)."""
    api = entry.api
    disturber = random.Random(disturb)
    state = api.new_game(config)
    digests: list[str] = []
    events: list[Event] = []
    for text in texts:
        if disturb is not None:
            random.seed(disturber.random())
            random.random()
        state, new = api.apply(state, api.parse_action(state, text))
        events += new
        digests.append(digest(state.to_json()))
    return state, digests, events


# ----- the tests -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("entry", "label"), CASES, ids=[f"{entry.name}: {label}" for entry, label in CASES])
def test_seeded_random_games_keep_the_engine_contract(entry: EngineUnderTest, label: str) -> None:
    """Issue 41 item 6: every clause of the contract after every action of seeded random games, then
    determinism (same seed + same actions = same states) and the refusals of a finished game."""
    twins: list[bool] = []
    for seed in range(1, GAMES_PER_SETUP + 1):
        config = entry.setups[label](seed)
        final, texts, digests, built = play_checked(entry, config, seed)
        twins += built
        assert final.is_over and set(scores(entry, final)) == {p.name for p in final.players}
        again, replayed, _ = replay(entry, entry.setups[label](seed), texts, disturb=seed)
        assert replayed == digests, "the same seed and actions gave other states"
        assert again == final
        refuse_late(entry, final, entry.api.legal_actions(entry.api.new_game(config))[0])
    # most twins hold other hidden cards, so the view clause was really exercised
    assert sum(twins) > len(twins) / 2, f"only {sum(twins)} of {len(twins)} twins had other hidden cards"


@pytest.mark.parametrize("golden", GOLDEN, ids=[g.path.stem for g in GOLDEN])
def test_golden_game_replays_to_the_recorded_events(golden: Golden) -> None:
    """A recorded game (seed + action texts) replays to the same events and final scores (issue 41 item 6)."""
    recorded = json.loads(golden.path.read_text(encoding="utf-8"))
    entry = _entry(recorded["engine"])
    assert (recorded["engine"], recorded["setup"], recorded["seed"]) == (golden.engine, golden.setup, golden.seed)
    final, _, events = replay(entry, entry.setups[golden.setup](golden.seed), recorded["actions"])
    assert len(events) == recorded["event_count"]
    assert events_digest(events) == recorded["events_sha256"], "the replay caused other events than recorded"
    assert final.is_over == recorded["over"]
    if final.is_over:
        assert scores(entry, final) == recorded["scores"]


def test_every_engine_has_a_golden_game() -> None:
    assert {entry.name for entry in ENGINES} <= {golden.engine for golden in GOLDEN}
    assert all(golden.setup in _entry(golden.engine).setups for golden in GOLDEN)


# ----- re-recording --------------------------------------------------------------------------------------


def record(golden: Golden) -> dict[str, Any]:
    """Play `golden`'s game with its engine's random policy and return what its file holds."""
    entry = _entry(golden.engine)
    api = entry.api
    state = api.new_game(entry.setups[golden.setup](golden.seed))
    policy = entry.policy(golden.seed)
    texts: list[str] = []
    events: list[Event] = []
    while not state.is_over and len(texts) < golden.cap:
        action = policy.choose(state)
        state, new = api.apply(state, action)
        texts.append(str(action))
        events += new
    return {
        "engine": golden.engine,
        "setup": golden.setup,
        "seed": golden.seed,
        "engine_version": api.__version__,
        "actions": texts,
        "event_count": len(events),
        "events_sha256": events_digest(events),
        "over": state.is_over,
        "scores": scores(entry, state) if state.is_over else None,
    }


def main(argv: list[str]) -> int:
    """`--record`: write every golden file anew (review the diff before committing it)."""
    if argv != ["--record"]:
        print("usage: python -m tests.contract.test_engine_contract --record", file=sys.stderr)
        return 2
    GOLDEN_DIR.mkdir(exist_ok=True)
    for golden in GOLDEN:
        golden.path.write_text(json.dumps(record(golden), indent=1) + "\n", encoding="utf-8")
        print(f"recorded {golden.path.relative_to(Path.cwd())}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
