"""Whether two statements name the same things, in any wording or language: their content
words aligned one to one (issue 11, cross-language merging).

The whole-sentence USE cosine alone cannot tell a restatement in the other language from a
different preference: "Keep replies short please, no long intros" / "回复简短一点，别写长篇开场白"
measured 0.59 and "代码注释我更喜欢用中文" / "注释用中文写，别用英文" 0.49, while two different
preferences reach 0.44-0.52. What the restatements share is their content words: 回复 ↔ reply,
简短 ↔ short, 注释 ↔ comments, 中文 ↔ Chinese. So each statement is cut into content words
(the segmenter for Chinese; the words that only carry the instruction, such as 我更喜欢 / prefer
/ 以后都 / from now on, are dropped) and a word of one aligns with a word of the other when they
are the same word, when CC-CEDICT translates one into the other (the table search already ships,
``memstrata.recall.translate``), or when the multilingual embedding puts the two words very
close (简短/short 0.80, 长篇/long 0.71; but 周一/Friday 0.64 and tabs/spaces 0.38, hence the
high bar), unless the two words (or their translations) are opposite poles of an antonym
group (``polarity.ANTONYMS``: 早上/afternoon measured 0.73). The share of the shorter statement's content words that align is the overlap; the
caller combines it with the sentence cosine (``known.same``). A contradiction (pnpm vs yarn) is
decided before, by ``known.contradicts``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

from memstrata.evolve.polarity import poles_differ, word_poles
from memstrata.text.tokenize import CJK_RUN, STOPWORDS, tokens

Embed = Callable[[list[str]], Any]
# Two words of different statements are the same word when their own embeddings are this close
# (measured on word pairs: translations 0.62-0.88; 周五/Friday 0.69 but 周一/Friday 0.64).
WORD_COSINE = 0.70
# Words that say how something is asked (a preference, a standing rule), not what about; and
# the order words English keeps as stopwords (before, after, then): 之前 / 先 / 然后 / 再
# ("前先" is how the segmenter cuts "部署前先跑测试"). Which way an order goes is
# polarity._order's business, not the overlap's.
FRAME = frozenset(
    """喜欢 更喜欢 比较 偏好 习惯 更 以后 今后 往后 从今以后 都 用 使用 采用 写 说 别 不要 要 请 一律 每次
    总是 永远 一直 记住 记得 记一下 一点 一些 就 就行 就好 行 好 吧 下次 也 一下 帮 我们 咱们 现在 改用
    尽量 最好 希望 必须 务必 一定 不用 给 我 你 一遍 之前 以前 前先 然后 再 先 后面 之后 以后再 带上 还是
    prefer prefers preferred like likes rather please always never use using used keep from now
    want would i'd instead just make sure remember going forward let's lets don't do does
    stop start ok okay""".split()  # noqa: SIM905
)
# A name rather than a word: snake_case, kebab-case, a version or a host (node18, pg-stg-01).
_NAME = re.compile(r"^[a-z][a-z0-9]*[_.-][a-z0-9]|^[a-z]+\d|^\d+[a-z]", re.IGNORECASE)
# Words that carry the sentence rather than its subject: a single Chinese character left alone
# by the segmenter (看 / 摆 / 放 / 来 / 上: "先看结论", "细节放后面", "用表格来对比") and English
# light verbs and quantifiers ("put comparisons in a table", "on every function"). Aligned, they
# count; unaligned, they are not what makes two statements differ.
_LIGHT_EN = frozenset("put get take give have make every each any".split())  # noqa: SIM905
_LEADING = re.compile(r"^(?:别|不要|不|要|请|都|就|用|也|先)(?=[\u4e00-\u9fff])")


def content_words(text: str) -> list[str]:
    """The words of ``text`` that say what it is about (lower-cased, in order, distinct)."""
    return list(_content_words(text))


@lru_cache(maxsize=8192)  # read again for every pair the heartbeat compares
def _content_words(text: str) -> tuple[str, ...]:
    found: dict[str, None] = {}
    for token in tokens(text, for_query=True):
        word = token.strip().lower()
        if CJK_RUN.fullmatch(word):
            word = _LEADING.sub("", word)
        elif len(word) < 2 or word.isdigit():
            continue
        if word and word not in STOPWORDS and word not in FRAME:
            found.setdefault(word, None)
    return tuple(found)


def _share(words: list[str], lonely: list[str]) -> float:
    """The share of ``words`` aligned, light words counted only when they are."""
    counted = [word for word in words if not (word in lonely and _light(word))]
    return 1 - sum(word in lonely for word in counted) / len(counted) if counted else 0.0


def _light(word: str) -> bool:
    return (len(word) == 1 and bool(CJK_RUN.fullmatch(word))) or word in _LIGHT_EN


def _forms(word: str) -> set[str]:
    from memstrata.recall.translate import english_forms

    return {word} if CJK_RUN.fullmatch(word) else set(english_forms(word))


def dictionary_keys(words: Sequence[str]) -> dict[str, set[str]]:
    """Each word with its forms and its translations (CC-CEDICT, both directions)."""
    from memstrata.recall.translate import translations

    keys = {}
    for word in words:
        found = _forms(word)
        # one word at a time: translations() leaves out the words the query already holds,
        # and here those are exactly the ones wanted (回复 in a list that holds "reply")
        for other in translations([word]).get(word, []):
            found |= _forms(other)
        keys[word] = found
    return keys


def _add_jargon(keys: dict[str, set[str]], text: str, words: list[str]) -> None:
    """The engineering glossary's other words for each content word (跳板机 ↔ bastion, 值班 ↔
    on-call: jargon CC-CEDICT lacks; ``recall/jargon.tsv``), read in the statement's own text
    so that an English phrase ("bastion host") lends its Chinese to its words."""
    from memstrata.recall.jargon import jargon_synonyms

    for word, synonyms in jargon_synonyms(text.lower(), words).items():
        for synonym in synonyms:
            keys[word] |= _forms(synonym)


def _unaligned(
    first: str, others: Sequence[str], embed: Embed | None = None, compounds: bool = False
) -> list[tuple[list[str], list[str], list[str]]]:
    """For each of ``others``: (``first``'s content words, its content words, the words of
    either that align with none of the other's), by word, dictionary or (with ``embed``, across
    scripts) embedding; with ``compounds``, a Chinese word also aligns with a longer one that
    holds it (测试 / 测试用例, 表情 / 表情符号)."""
    mine = content_words(first)
    theirs = [content_words(other) for other in others]
    vocabulary = list(dict.fromkeys([*mine, *(w for words in theirs for w in words)]))
    if not vocabulary:
        return [(mine, words, []) for words in theirs]
    keys = dictionary_keys(vocabulary)
    for text, words in ((first, mine), *zip(others, theirs, strict=True)):
        _add_jargon(keys, text, words)
    poles = {word: word_poles(keys[word] | {word}) for word in vocabulary}
    vectors: dict[str, Any] = {}
    if embed is not None:
        vectors = dict(zip(vocabulary, embed(vocabulary), strict=True))

    def aligned(a: str, b: str) -> bool:
        if keys[a] & keys[b]:
            return True
        if (
            compounds
            and min(len(a), len(b)) >= 2
            and CJK_RUN.fullmatch(a + b)
            and (a in b or b in a)
        ):
            return True
        # Within one script the embedding conflates neighbours (pytest/unittest, 周二/周五,
        # 四个/两个): only a word and its translation are aligned by it.
        cross = bool(CJK_RUN.fullmatch(a)) != bool(CJK_RUN.fullmatch(b))
        # Nor are two words of one antonym group (早上/afternoon 0.73, 同步/async 0.71).
        if poles_differ(poles[a], poles[b]):
            return False
        return cross and bool(vectors) and float(vectors[a] @ vectors[b]) >= WORD_COSINE

    found = []
    for words in theirs:
        lonely = [a for a in mine if not any(aligned(a, b) for b in words)]
        lonely += [b for b in words if not any(aligned(a, b) for a in mine)]
        found.append((mine, words, lonely))
    return found


def unaligned_words(first: str, second: str) -> set[str]:
    """The content words of either statement that align with none of the other's, by word,
    dictionary or glossary."""
    ((_mine, _theirs, lonely),) = _unaligned(first, [second])
    return set(lonely)


def overlaps(first: str, others: Sequence[str], embed: Embed | None = None) -> list[float]:
    """For each of ``others``: the share of content words (of the statement with fewer) that
    align with a content word of ``first``, by word, dictionary or (with ``embed``) embedding."""
    result = []
    for mine, words, lonely in _unaligned(first, others, embed):
        if not mine or not words:
            result.append(0.0)
        elif any(_NAME.search(word) for word in lonely):
            result.append(0.0)  # a name only one says (snake_case, node18): another value
        else:
            result.append(min(_share(side, lonely) for side in (mine, words)))
    return result


def say_other_things(first: str, second: str, embed: Embed | None = None) -> bool:
    """Whether each statement says something the other does not, and most content words do
    not align: "部署前必须跑测试" / "部署前必须通知运维" share 部署 前 必须 and say two things. A
    statement whose words all align with the other's is a terse restatement or the other with
    details ("Keep it short" / "Keep replies short please, no long intros"), whatever it adds."""
    ((mine, words, lonely),) = _unaligned(first, [second], embed, compounds=True)
    if not mine or not words:
        return False
    shares = [_share(side, lonely) for side in (mine, words)]
    return max(shares) < 1.0 and min(shares) < CONTENT_SHARE


# Below this share of aligned content words, two statements that each add words say two things.
CONTENT_SHARE = 0.6
