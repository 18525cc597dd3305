"""Recall: the derived SQLite index, hybrid (BM25 + vector) search and line-level get.

Everything here is derived from the Markdown files and can be rebuilt at any time with
``memstrata index --rebuild``.
"""
