"""Entries written directly: explicit instructions (remember) and the records agents keep
(daily log sections, lessons, projects, infra)."""
