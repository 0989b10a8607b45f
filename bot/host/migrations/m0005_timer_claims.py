"""Timers are claimed before they are handled, so that of several bot processes over one database exactly one
handles each (issue 19). A claim lasts until `claimed_until`; a process that dies holding one leaves the timer to
be claimed again after that. Setting a timer anew ends any claim on it."""

SQL = """
ALTER TABLE timers ADD COLUMN claimed_by TEXT;      -- who handles the timer now ('host:pid'), NULL: nobody
ALTER TABLE timers ADD COLUMN claimed_until REAL;   -- when that claim runs out (seconds since the epoch)
"""
