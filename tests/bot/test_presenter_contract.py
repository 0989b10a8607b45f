"""Issue 54 item 5: the bot asks a game for what it shows through a few typed methods (the panel, a post, the
pictures, the scores, the log, the lobby, the texts), each answering with a small record or a text, and the host
reads nothing of a presenter outside them; a presenter that lacks one, or has one of the wrong kind, fails at
import naming it."""

from __future__ import annotations

import ast
import inspect
import os
import re
import subprocess
import sys
import types
from pathlib import Path

import pytest

from bot.host import kind_presenter
from bot.host.kind_presenter import OptionMenus, Presenter, check_presenter, protocol_members
from bot.host.kinds import KINDS

ROOT = Path(__file__).resolve().parents[2]
HOST = ROOT / "bot" / "host"
TOY = ROOT / "tests" / "toy_games"
MOST_MEMBERS = 12
"""A few: the 28 named members of before (one per word, picture and constant) are what item 5 narrows."""


def _is_presenter_call(node: ast.expr) -> bool:
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "presenter"
            and not node.args)


def presenter_reads(source: str) -> set[str]:
    """The attributes read of a `presenter()` call's result in `source`: directly (`kind.presenter().show`) or
    through a name a function binds to one (`shown = kind.presenter()`, then `shown.post`)."""
    tree = ast.parse(source)
    read = {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute) and _is_presenter_call(node.value)}
    for function in ast.walk(tree):
        if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        bound = {target.id for node in ast.walk(function) if isinstance(node, ast.Assign)
                 and _is_presenter_call(node.value) for target in node.targets if isinstance(target, ast.Name)}
        read |= {node.attr for node in ast.walk(function) if isinstance(node, ast.Attribute)
                 and isinstance(node.value, ast.Name) and node.value.id in bound}
    return read


def test_the_host_reads_exactly_a_few_presenter_members() -> None:
    """Every file of bot/host together reads each member of `Presenter` and nothing else of a presenter, and the
    protocol has a few members, not one per word and picture."""
    members = protocol_members(Presenter)
    read: dict[str, set[str]] = {}
    for path in sorted(HOST.rglob("*.py")):
        for name in presenter_reads(path.read_text()):
            read.setdefault(name, set()).add(str(path.relative_to(ROOT)))
    assert {name: files for name, files in read.items() if name not in members} == {}, "read outside the protocol"
    assert members - set(read) == set(), "members the host never reads"
    assert len(members) <= MOST_MEMBERS, sorted(members)


def test_the_reads_are_found_through_a_bound_name_and_directly() -> None:
    """The AST check above sees both ways the host reads a presenter (else it could pass by seeing nothing)."""
    source = ("def f(kind):\n    shown = kind.presenter()\n    return shown.post, kind.presenter().MENUS.modules\n"
              "def g(shown):\n    return shown.page\n")
    assert presenter_reads(source) == {"post", "MENUS"}


def test_every_method_answers_with_a_record_or_a_text() -> None:
    """Each method of `Presenter` returns one of the frozen records of `bot.host.kind_presenter`, a text or nothing
    (no tuples to unpack by position, no flags to ask one at a time)."""
    records = {name for name, value in vars(kind_presenter).items()
               if inspect.isclass(value) and getattr(value, "__dataclass_params__", None) is not None
               and value.__dataclass_params__.frozen}
    answers = {name: inspect.signature(getattr(Presenter, name)).return_annotation
               for name in protocol_members(Presenter) if callable(getattr(Presenter, name, None))}
    assert {name: answer for name, answer in answers.items() if answer not in records | {"str", "None"}} == {}
    assert {"TurnPanel", "TurnPost", "Shown", "FinalPost", "LogPage", "LobbyTexts", "GameTexts"} <= records


@pytest.mark.parametrize("missing", sorted(protocol_members(Presenter)))
def test_a_presenter_lacking_any_member_fails_naming_it(missing: str) -> None:
    """Whichever member a presenter module lacks, `check_presenter` names exactly that one."""
    shown = KINDS["overbooking"].presenter()
    partial = types.ModuleType("bot.games.partial.presenter")
    for name in protocol_members(Presenter) - {missing}:
        setattr(partial, name, getattr(shown, name))
    with pytest.raises(TypeError, match=rf"partial\.presenter is not a complete presenter: it lacks {missing}$"):
        check_presenter(partial)


def test_a_presenter_with_a_member_of_the_wrong_kind_fails_naming_it() -> None:
    """An old-style constant where a method is asked, or menus that are not an `OptionMenus`, fail by name."""
    shown = KINDS["gah"].presenter()
    partial = types.ModuleType("bot.games.partial.presenter")
    for name in protocol_members(Presenter):
        setattr(partial, name, getattr(shown, name))
    check_presenter(partial)
    partial.texts = ("page",)  # type: ignore[attr-defined]
    partial.MENUS = [("scoring", [])]  # type: ignore[attr-defined]
    with pytest.raises(TypeError, match=re.escape("presenter: MENUS, texts are not what `Presenter` asks")):
        check_presenter(partial)
    partial.MENUS = OptionMenus([], (), {}, {}, ())  # type: ignore[attr-defined]
    with pytest.raises(TypeError, match=re.escape("presenter: texts is not what")):
        check_presenter(partial)


def test_the_toy_games_presenter_without_one_member_fails_at_import_naming_it(tmp_path: Path) -> None:
    """The third game's presenter (tests/toy_games) with its `help_text` taken out fails when it is imported, and
    the message names `help_text`."""
    source = (TOY / "bot" / "games" / "count_to_ten" / "presenter.py").read_text()
    cut = re.sub(r"\ndef help_text\(.*?\n\n\n", "\n", source, flags=re.DOTALL)
    assert "def help_text" in source and "def help_text" not in cut
    (tmp_path / "lacking_presenter.py").write_text(cut)
    done = subprocess.run([sys.executable, "-c", "import lacking_presenter"], cwd=ROOT, capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": os.pathsep.join(map(str, (tmp_path, ROOT, TOY)))},
                          timeout=120)
    assert done.returncode != 0
    assert done.stderr.strip().splitlines()[-1] == ("TypeError: lacking_presenter is not a complete presenter: it "
                                                    "lacks help_text")
