"""Project-wide test hooks: the `e2e` marker (registered in pyproject.toml) on the slow process-starting tests.

`python -m pytest -m "not e2e"` leaves them out (the quick loop); `python -m pytest` (CI, `.ci/run`) runs them all.
"""

from __future__ import annotations

import pytest

from tests.markers import is_e2e


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark every test of `tests.markers.E2E_PATHS` with `e2e`."""
    for item in items:
        if is_e2e(item.nodeid):
            item.add_marker(pytest.mark.e2e)
