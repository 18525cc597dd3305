"""Writes src/memstrata/text/traditional.txt: each traditional Chinese character OpenCC's t2s
conversion changes, and the simplified one it becomes (text/scripts.py reads it).

Why a table and not OpenCC at run time: the rules, the glossary and the stop bigrams are written
in simplified characters, and hooks read every prompt; ``import opencc`` costs ~120 ms, a
character table read on first use about 1 ms, and a character-for-character table keeps every
offset, so a span found in the simplified reading is the same span of what the user wrote.
OpenCC (Apache-2.0, https://github.com/BYVoid/OpenCC) is needed only to write it:

    .venv/bin/pip install opencc && .venv/bin/python benchmarks/make_script_table.py
"""

from __future__ import annotations

from pathlib import Path

import opencc

TABLE = Path(__file__).resolve().parents[1] / "src" / "memstrata" / "text" / "traditional.txt"
# CJK Unified Ideographs, Extension A, and the Compatibility Ideographs
RANGES = ((0x4E00, 0x9FFF), (0x3400, 0x4DBF), (0xF900, 0xFAFF))
COMMON = RANGES[0]


def main() -> None:
    convert = opencc.OpenCC("t2s").convert
    pairs = []
    for start, end in RANGES:
        for code in range(start, end + 1):
            char = chr(code)
            simple = convert(char)
            # only into the common block: t2s writes Cantonese 嗰 as 𠮶 (Extension B) and 喎 as
            # 㖞, which no simplified Cantonese writer types (learning_sim8 lost a repeat to it)
            if len(simple) == 1 and simple != char and COMMON[0] <= ord(simple) <= COMMON[1]:
                pairs.append((char, simple))
    header = (
        "# traditional -> simplified, one character each: OpenCC's t2s (Apache-2.0,"
        " https://github.com/BYVoid/OpenCC), written by benchmarks/make_script_table.py;"
        " last line: the traditional ones GB 2312 holds too\n"
    )
    # search's quick check (text/scripts.folded): a text GB 2312 can encode holds no other
    in_gb2312 = "".join(t for t, _ in pairs if t.encode("gb2312", "ignore"))
    TABLE.write_text(
        header
        + "".join(t for t, _ in pairs)
        + "\n"
        + "".join(s for _, s in pairs)
        + "\n"
        + in_gb2312
        + "\n",
        encoding="utf-8",
    )
    print(f"wrote {TABLE}: {len(pairs)} characters")


if __name__ == "__main__":
    main()
