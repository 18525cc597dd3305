"""The words that make a user's clause a rule, or a condition on one.

Where a title starts (``rule_titles``) and which clauses a title joins (``title_joins``) both ask
whether a clause says what to do, or when: one vocabulary, so that the two never disagree.
"""

from __future__ import annotations

import re

# A clause that says what to do: a complaint after it never moves the title past it ("禁止在周五
# 发版，烦死了，上次又出事" was titled "上次又出事").
RULE_WORD = re.compile(
    r"必须|禁止|不许|不准|不要|别|千万|务必|一律|统一|只用|只能|应该|[只就都]该|一定|永远|以后|今后|用|改成|换成"
    r"|\b(?:always|never|must|should|only|use|don'?t|do not|please|stop|make sure)\b",
    re.IGNORECASE,
)

# A word that makes a clause a standing rule, not only an instruction: not "要按 Kafka lag 扩"
# alone. (以后 as "later" is none: "以后的事以后再说"; nor 必须的 "of course", nor "never mind")
STANDING_WORD = re.compile(
    r"以后(?![的再])|今后|往后|从今往后|从现在起|必须(?!的)|一律|统一|都要|都得|务必|一定要"
    r"|\b(?:always|never(?! mind)|must|from now on|going forward|make sure)\b",
    re.IGNORECASE,
)

# Asking the agent for something ("帮我…", "麻烦…", "please …"): what a title ends at
# (``rule_titles``) and what makes a question a request rather than a challenge (``polarity``).
ASKED = r"帮我|麻烦|\b(?:please|pls)\b"

CONDITION = re.compile(
    r"^\s*(?:如果|要是|假如|万一|假设|只要|除非|(?:what )?if\b|when\b|unless\b)", re.IGNORECASE
)
# What is left after a skipped clause must say something on its own: "以后都加上", "跑迁移之前",
# "不能" (an answer) name nothing without the clause before them.
_SAYS_ENOUGH = 8


def says_enough(rest: str) -> bool:
    """Whether ``rest`` holds enough characters to say something without what came before."""
    return len(re.sub(r"\s", "", rest)) >= _SAYS_ENOUGH
