"""Lossless parsers and renderers for every entry format (docs/design.md section 4).

Each module works on a list of lines that keep their endings: parsing records 1-based line
spans, and every edit replaces or inserts only the lines of the entry it touches, so any
hand-written text around it survives byte for byte.
"""
