"""Maintenance scripts of the repository (`python -m tools.<name>`): they write files the code's data implies."""
