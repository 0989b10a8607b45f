"""Which tests are end-to-end (`e2e`): the slow ones that start processes (the bot, the stand-in, drivers).

`tests/conftest.py` marks them at collection, so `python -m pytest -m "not e2e"` is the quick loop while CI
(`python -m pytest`) still runs everything. A new test module that starts a process belongs in `E2E_PATHS`, or in
`QUICK_PROCESS_MODULES` if the process ends at once (`tests/test_markers.py` holds every such module to one list).
"""

from __future__ import annotations

E2E_PATHS: tuple[str, ...] = (
    "tests/bot_e2e/",  # the real bot against the local Discord stand-in: 7-47 s a test
    "tests/bot/test_crash.py",  # SIGKILL at random moments: 90-125 s a backend
    "tests/bot/test_processes.py",  # four driver processes over one database: 9-14 s a test
    "tests/bot/test_migrate_db.py",  # `python -m bot.host.migrate_db` in a subprocess: 1-6 s a test
    "tests/bot/test_settings_overbooking.py::test_the_bot_does_not_start_with_an_invalid_file",  # `python -m bot`
    "tests/bot/test_settings_bounds.py",  # some cases run `python -m bot` (exit 2, never a hang): 1-3 s each
    "tests/bot/test_start_bad_database.py",  # `python -m bot` against each bad database: 1-3 s a case
    "tests/cli/test_entry_points.py",  # `python -m bot` and `python -m engine.gah.simulate`: 1-3 s a test
    "tests/discord_standin/test_standalone.py",  # `python -m tests.discord_standin` and a client: 3 s
)
"""Node id prefixes (a folder, a module or one test, from the project root) of the end-to-end tests."""

QUICK_PROCESS_MODULES: dict[str, str] = {
    "tests/test_import_rules.py": "fresh `python -c` interpreters that import one layer and list its modules (about "
                                  "1 s each)",
    "tests/bot/test_storage_timers.py": "one `python -c` that prints its pid and exits (0.1 s), for a dead pid",
    "tests/test_third_game.py": "one fresh interpreter that plays a toy game through the service (about 3 s)",
    "tests/bot/test_presenter_contract.py": "one fresh interpreter that imports a presenter lacking a member and "
                                            "fails at once (about 1 s)",
    "tests/overbooking/test_imports.py": "fresh `python -c` interpreters that import one package and list its "
                                         "modules (about 0.3 s each)",
}
"""Test modules that start a process but stay in the quick loop, with the reason."""


def is_e2e(nodeid: str) -> bool:
    """Whether the test with pytest node id `nodeid` (e.g. "tests/bot/test_crash.py::test_x[sqlite]") is e2e."""
    return nodeid.startswith(E2E_PATHS)
