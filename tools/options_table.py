"""`python -m tools.options_table`: write the README's options tables from the games' option specs.

Each game's table sits between the README's markers `<!-- options table: KEY -->` and `<!-- end of options
table: KEY -->`, one row per option (`engine.core.options.Option`) and, below the option that holds them, one row
per module (`Module`), in the spec's order. Edit the spec (`engine/gah/options_spec.py`,
`engine/overbooking/options_spec.py`), never the table, and run this; `--check` only says whether the README is
current (exit code 1 if not), as `tests/contract/test_option_specs.py` does.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from engine.core.options import Module, Option
from engine.gah.options_spec import OPTIONS as GAH_OPTIONS
from engine.gah.options_spec import WALTZ_MODULES
from engine.overbooking.options_spec import OPTIONS as OVERBOOKING_OPTIONS

README = Path(__file__).resolve().parent.parent / "README.md"
SPECS: dict[str, tuple[tuple[Option, ...], tuple[Module, ...]]] = {
    "gah": (GAH_OPTIONS, WALTZ_MODULES),
    "overbooking": (OVERBOOKING_OPTIONS, ()),
}
"""Each game's options and modules, by the key its README markers name."""
HEAD = "| option | values (default first) | what it does |\n|---|---|---|"


def start_marker(key: str) -> str:
    """The README line before a game's table."""
    return f"<!-- options table: {key} (python -m tools.options_table writes it from the spec) -->"


def end_marker(key: str) -> str:
    """The README line after a game's table."""
    return f"<!-- end of options table: {key} -->"


def shown(value: object) -> str:
    """A value as the stored JSON writes it, in code quotes."""
    return f"`{json.dumps(value)}`"


def values_cell(option: Option) -> str:
    """The table's values: the default first, then the others (a set's: "none; any of ...")."""
    if option.kind == "set":
        return "none; any of " + ", ".join(shown(value) for value in option.values)
    if option.kind == "flag":
        return f"{shown(option.default)}, {shown(not option.default)}"
    values = [option.default, *(value for value in option.values if value != option.default)]
    return ", ".join(shown(value) for value in values)


def module_extent(module: Module) -> str:
    """The module row's second cell: its number, the part played, and "not solo" where it is not."""
    extent = f", {module.extent}" if module.extent else ""
    return f"module {module.number}{extent}" + ("" if module.solo else " (not solo)")


def table(options: Sequence[Option], modules: Sequence[Module] = ()) -> str:
    """A game's options table in Markdown: one row per option, the modules' rows under the set that holds them."""
    rows = [HEAD]
    for option in options:
        rows.append(f"| `{option.name}` | {values_cell(option)} | {option.details} |")
        if option.kind == "set":
            rows.extend(f"| `{option.name}`: {shown(module.name)} | {module_extent(module)} | {module.details} |"
                        for module in modules)
    return "\n".join(rows)


def rewritten(text: str) -> str:
    """`text` (the README) with every game's table between its markers written anew.

    Raises:
        ValueError: a game's markers are missing.
    """
    for key, (options, modules) in SPECS.items():
        start, end = start_marker(key), end_marker(key)
        before, found, rest = text.partition(start + "\n")
        _, found_end, after = rest.partition(end)
        if not found or not found_end:
            raise ValueError(f"README.md lacks the markers of the {key} options table: {start!r} and {end!r}")
        text = f"{before}{start}\n{table(options, modules)}\n{end}{after}"
    return text


def main(argv: Sequence[str] | None = None) -> int:
    """Write the README's tables (or, with --check, only compare); returns the exit code."""
    parser = argparse.ArgumentParser(prog="python -m tools.options_table", description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only say whether README.md is current (exit 1 if not)")
    args = parser.parse_args(argv)
    text = README.read_text(encoding="utf-8")
    new = rewritten(text)
    if args.check:
        if new != text:
            print("README.md's options tables are not current: run python -m tools.options_table", file=sys.stderr)
            return 1
        return 0
    if new != text:
        README.write_text(new, encoding="utf-8")
        print("README.md: options tables written")
    return 0


if __name__ == "__main__":
    sys.exit(main())
