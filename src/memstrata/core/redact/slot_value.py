"""Whether the value read in a slot is the secret its name names (``_Slot``): the further the value
from its name, and the plainer, the more it must look like a password itself; digits must count
nothing and be no date, phone number or example.

Kept apart from the slot's grammar (``slot``) because deciding is the long part and reads other
things: what lies between the name, the cue and the value, and what follows the value.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from memstrata.core.redact.digits import _KEYPAD_CODE, _PHONE_AFTER, _UNIT_WORD, _YEAR
from memstrata.core.redact.shapes import (
    _JOINED_WORDS,
    _NOT_A_PASSWORD,
    _NOT_THE_PASSWORD,
    _PRODUCT_NAME,
    _closing_quote,
    _credential_shape,
    _looks_like_password,
    _password_shaped,
    _said_at_clause_end,
    _words_joined,
)
from memstrata.core.redact.vocabulary import (
    _DESCRIBES_A_PASSWORD,
    _LITTLE_WORD,
    _LITTLE_WORD_ABROAD,
    _NAMING,
    _NOT_A_PASSWORD_SAID,
    _OLD_NEW_WORDS,
    _OLD_NEW_ZH,
    _PROSE_ENDINGS,
    _PROSE_VERBS,
    _SAID_OF_A_PASSWORD,
    _TYPED_AS,
)
from memstrata.text.lazy_re import lazy_compile

_TEST_CODE = lazy_compile(
    r"测试|測試|万能|萬能|固定|(?i:\btest|\bstaging\b|\bmock|\bdummy|\bsandbox)"
)
# What a plain word is said to spell ("我爱广州的拼音 woaiguangzhou", "他们公司名 mountainleaf").
_DESCRIBED_AS = lazy_compile(r"(?:拼音|名字|名|单词|單詞|词|詞|英文|缩写|縮寫)$")
# A code said to have three digits.
_THREE_SAID = lazy_compile(
    r"三位|三個數|三个数|仨数|(?i:\b(?:three|3)[- ]digits?\b|trzy cyfry|tres d[íi]gitos|três d[íi]gitos"
    r"|drei (?:ziffern|stellen)|trois chiffres|tiga digit|ba s[ốo]|üç (?:haneli|rakam))"
)
# What opens with three digits: a bike lock, a card's security code.
_THREE_DIGITS = lazy_compile(
    r"(?:锁|鎖|安全码|安全碼|卡背|卡背后|卡背後|背面|后面|後面|背后|背後|後壁|后壁|數字|数字|數|数|位"
    r"|(?i:back|security code|lock|lockbox|lockers?|dial|seguridad|güvenlik kodu|cvv2?|cvc2?|λουκέτο|kłódka)|قفل)$"
)
# ...or a lock named just before the code's name ("信箱鎖嘅密碼係 三八零", "挂锁的密码").
_LOCK_BEFORE = lazy_compile(r"(?:锁|鎖)(?:的|嘅|个|個)?\s*$")
_SAID_AS_WORDS = lazy_compile(r"(?:诗|詩|话|話|成语|成語|歌词|歌詞|口号|口號|中文)的?$")
# Asking or telling someone, said after a password's name ("要再問她").
_ASKS_SOMEONE = lazy_compile(r"(?:问|問|说|說|讲|講|告诉|告訴|跟|找)[我你他她]")
_QUERY = lazy_compile(r"[&?]\w+=|://")
_WITH_SPACES = lazy_compile(_TYPED_AS)
# What a number after a code's name is when these come just before it: a date, a count, a place.
_NOT_A_CODE_BEFORE = lazy_compile(
    r"(?i:\b(?:in|since|from|until|till|by|at|on|before|after|for|of|year|about|around|over|under"
    r"|only|than|every|per|to|and|or|plus|minus|is|was|are|number|no|nr|room|floor|level|unit|suite"
    r"|flat|apt|block|platform|bus|route|line|page|step|chapter|ext|extension|model|version|v|like"
    r"|such as|e\.g\.|your|my|the|a)\s*$)|(?:不要用|别用|別用|避免|例如|比如|譬如)\s*$"
    r"|(?:[年月号號第约約共#]|(?<!生)日)\s*$"  # (a birthday's digits are a PIN: "是我妈的生日 六九零三一五")
)
# A number guessed is no code: what says so just before it.
_ESTIMATE = lazy_compile(r"(?:大概|差不多|估计|估計|大约|大約|左右)\s*$")
# "The old one" / "the new one" in the languages users mix in (review54: "purana 4471 tha ab 9082",
# "dulu 121212 sekarang 730915", "ile ya zamani 2580 … mpya ni 7143").
_OLD_OR_NEW = lazy_compile(
    r"\s*(?i:(?:the |my |ile |ya |yang |cái |cai )*(?:"
    + _OLD_NEW_WORDS
    + r"|current|ab|sekarang|dati"
    r"|ngayon|teraz|ora|adesso|cu|moi)\b)"
    r"|\s*(?:"
    + _OLD_NEW_ZH
    + r"|现在|現在|старый|новый|теперь|старий|новий|тепер|جدید|قدیمی|নতুন|পুরান|এখন|আগে)"
)
# A code said of every device of a kind, in general ("配对码一般是出厂默认的 0000"): no one's secret.
# What the text says the number is, right after it: not the code.
_SAID_NOT_A_CODE = lazy_compile(
    r"卡[号號](?![尾后後末])|(?i:card number|not the (?:password|code|pin))|" + _NOT_A_PASSWORD_SAID
)
_FACTORY_DEFAULT = lazy_compile(r"一般|通常|(?i:\busually\b|\bby default\b)")
_PHONE_NAMED = lazy_compile(r"电话|電話|热线|熱線|客服|(?i:hotline|phone|call)")
# How many characters before a number a phone's name must be to make it a number to call.
_PHONE_REACH = 6
# What says a value is read out one character at a time.
_READ_OUT = lazy_compile(
    r"念|读|讀|一个一个|一個一個|一个个|一個個|一個字|逐个|逐個"
    r"|(?i:spell|épel|letter by letter|one by one|harf|đọc từng|từng chữ)"
)
# A keypad's key said before the code ("it's star 3 6 2 1"), how many digits a code has ("4 位數"),
# and an apostrophe inside a word ("під'їзду"): none of them ends a code's clause.
_KEY_SAID = lazy_compile(r"(?i:\b(?:star|hash)\s*$)")
_DIGITS_SAID = lazy_compile(r"\d\s*(?:位數|位数|位|(?i:digits?|-digit))")
_IN_WORD_APOSTROPHE = lazy_compile(r"(?<=[^\W\d_])['’](?=[^\W\d_])")
_CODE_FORMS = ("spaced", "hanzi", "spelled", "repeat")
# What makes digits an example, said before or after them ("比如 123456 这种").
_EXAMPLE_NEAR = lazy_compile(
    r"\s*(?:这种|這種|之类|之類|这样的|這樣的|那种|那種)|.*(?:比如|例如|譬如|像是|不要用|别用|別用|不能用)"
)
_COUNT_OF = (
    {c: i for i, c in enumerate("零一二三四五六七八九")}
    | {"两": 2, "兩": 2}
    | {str(i): i for i in range(10)}
)
# The cues after which several words are the value itself ("passphrase: Seven Blue Elephants
# Dancing", "主密码是四个单词 lemon river candle north", "it is vxhm qtpa zlrw kced"), not an English
# preposition ("a password or smart card to access patient records").
_NAMING_CUE = lazy_compile(
    r"(?i:is\b|was\b|it'?s\b|it is\b|should be|will be|set to|changed to)|[:：=—–]|[^\x00-\x7f]"
)
_JUST_AFTER_A_COMMA = lazy_compile(
    r"[，,]\s*(?:都|也|就|其实|其實|应该|應該|我?(?:记得|記得)|好似|好像|[一二三四五六七八两兩\d]\s*位(?:数|數|的)?"
    r"|(?i:then|poi|dann|depois|luego|lalu|tapos|rồi|(?:le |el |the )?code|kod|kodi|código))?\s*$"
)
_COMBINATION = lazy_compile(r"\d{1,2}(?:-\d{1,2}){2,5}|\d{1,6}(?:-\d{1,6}){1,3}")


@dataclass(frozen=True)
class _Slot:
    """A value said after a cue that follows a secret's name: what is between decides."""

    name: re.Match[str]
    value: str
    gap: str  # between the name and the cue
    between: str  # between the cue and the value (Chinese words: "就是我爸生日 19580312")
    change: bool
    the_word: bool
    form: str  # how the value is said: quoted, dquoted, spaced (digits), phrase, secret (a token)
    cue_start: int
    start: int  # where the value starts

    @property
    def phrase(self) -> bool:
        return self.form == "phrase"

    def holds_a_secret(self, text: str) -> bool:
        """Whether the value is the secret the name names: the further the value from its name,
        the more it must look like a password itself."""
        name, core = self.name, self.value
        if not re.search(r"\w", core):
            return False  # "zeigt '------'": a blank display, no value
        if core.startswith(("[REDACTED", "/")) or _NOT_THE_PASSWORD.search(core):
            return False
        if core.startswith(("{{", "${", "$", "%(")) or _QUERY.search(core):
            return False  # a template's reference ("{{ vault_db_password }}")
        if text[name.start() - 1 : name.start()] == "$":
            return False  # a URL's query ("?debug=1"), a variable ("Bearer $TOKEN")
        if name.group("wifi") and (
            text[self.cue_start : self.cue_start + 1] in ("叫", "c", "n")
            or _NAMING.search(self.gap)
        ):
            return False  # "wifi 叫 Wang_5G", "the wifi called …": the network's name
        bare = text[self.cue_start].isspace()  # no verb: the value right after 密码 and a space
        if _ESTIMATE.search(text, max(0, self.start - 6), self.start):
            return False  # "鍵盤 … 要不要買新的 青軸的大概 1500": a price guessed, no code
        if self.form == "chinese":
            return self._in_chinese(core, bare)
        if (
            self.form == "turns"
        ):  # (words between only after what a dial opens: "保险柜的号我说你记啊 …")
            opened = name.group("code") or name.group("opens")
            return (
                not name.group("keyword")
                and (opened or not self.between)
                and self._near(comma=True)
            )
        if self.form == "dictated":  # letters and digits read out one by one: a value said
            mixed = re.search(r"\d", core) is not None and len(core.replace(" ", "")) >= 6
            # (letters alone when the text says they are read out: "我一个个念哈:k-u-a-i-l-e")
            read_out = _READ_OUT.search(text, max(0, name.start()), self.start)
            return (mixed or bool(read_out)) and not name.group("sent") and len(self.gap) <= 60
        # (digits spelled, or four to eight digits ending their clause: "dolabın şifresi yedi üç
        # iki sıfır", "Kart şifrem 4718, annem bilmesin": review68; not "密码 1024 字节以内")
        # (…or a value in a password's shape ending it: "手机银行登录密码 hs852963，": review68)
        digits_alone = (
            name.group().lower() != "passwd"
            and (  # (not the command: "sudo passwd 1001")
                (core.isdigit() and 4 <= len(core) <= 8 and not _YEAR.fullmatch(core))
                or (not core.isdigit() and _password_shaped(core) and core.isascii())
            )
            and _said_at_clause_end(text, self.start + len(core))
        )
        if (
            name.group("word")
            and bare
            and self.form not in ("spaced", "hanzi", "turns", "spelled")
            and not digits_alone
        ):
            return False  # ("密码 仓库2号_Ship!", "密码 0 0 7 7": only these count there)
        if (
            self.form == "typed"
        ):  # said with how it is typed ("wedding-at-byron-bay, all lowercase")
            plain = core.lower() in _SAID_OF_A_PASSWORD or _LITTLE_WORD.fullmatch(core.lower())
            return bool(name.group("word") or name.group("wifi")) and not plain
        if _PRODUCT_NAME.match(core) or _NOT_A_PASSWORD.match(core):
            return False
        if "背" in name.group() and not re.fullmatch(
            r"\d{3,4}|[零〇幺一二两兩三四五六七八九]{3,4}", core
        ):
            return False  # a card's back: its three or four digits ("背面写住 CR2032": a battery)
        value_end = self.start + len(core)
        punctuation_cue = not text[self.cue_start : self.cue_start + 1].isalnum()
        if name.group("login") and (punctuation_cue or self.form in ("quoted", "dquoted")):
            return False  # "Root cause: IMDSv1", "xxl-job-admin … "msg":"…"": no account's password
        if (name.group("keyword") or name.group("login")) and (core.isdigit() or self.phrase):
            return False  # "token 上限是 32768", "invalid api key … to run butler login again"
        if _KEYPAD_CODE.fullmatch(core) or _COMBINATION.fullmatch(core) or self.form in _CODE_FORMS:
            if _TEST_CODE.search(text, max(0, name.start() - 16), value_end):
                return False  # "测试环境登录的验证码固定 123456": a test account's fixed code
            return self._a_code(core, text, value_end)
        if name.group("sent"):
            return False  # "the code is ready": only digits are a code someone sent
        if self.form in ("quoted", "dquoted"):  # "it's currently 'correct-horse-grafana'"
            return (
                not name.group("opens")
                and core.lower() not in _SAID_OF_A_PASSWORD
                and not _closing_quote(text, name, text[self.start - 1])
            )
        if name.group("opens"):
            return False
        code_name = name.group("code") or name.group("direct")
        if code_name and core.isalnum() and 4 <= len(core) <= 8 and not core.isalpha():
            return not self.gap or not re.search(r"[,，;；]", self.gap)  # "access code … is 7h3k"
        if not self.phrase and (
            _password_shaped(core) or (core.isalnum() and _credential_shape(core))
        ):
            keyed = not name.group("keyword") or _credential_shape(core)
            return keyed and (not name.group("wifi") or not self.between)
        in_a_log = (
            text[self.cue_start] in ":："
            and not text[self.cue_start + 1 : self.cue_start + 2].isspace()
        )
        if name.group("wifi") and (self.phrase or "-" not in core or in_a_log):
            return False  # "wifi 係 mongkok-rainy-day", not "wifi:bcn_timeout" in a device's log
        if self.phrase and not _NAMING_CUE.match(text, self.cue_start):
            return False  # "a password or smart card to access patient records": prose
        if (self.phrase or _JOINED_WORDS.fullmatch(core)) and not (
            code_name or name.group("keyword")
        ):
            if self.phrase and re.search(r"['\"]", self.gap):
                return False  # "Passwort liegt in 1Password …, Eintrag 'X' — musst du …"
            return self._a_passphrase(core, text, value_end)
        if name.group("login") and self.the_word and core.isalpha():
            return True  # "my mac login is just the word cactus"
        if not (name.group("word") or name.group("direct")):
            return False  # a plain word never a wifi's state ("the wifi is slow") nor a key's
        if not core.isalpha() or not core.isascii():
            return False  # (a plain word in other letters is prose: "das Passwort ist gültig")
        if self.between and not _DESCRIBED_AS.search(self.between):
            return False  # ("设成咗我爱广州的拼音 woaiguangzhou": the word after what it spells)
        if name.group("direct"):
            return len(core) >= 4 and core.lower() not in _SAID_OF_A_PASSWORD
        if not (self._near() or self.the_word):
            return False
        rest = text[value_end:].lstrip(" ")
        ends_clause = (
            self.the_word
            or not rest
            or not rest[0].isascii()
            or _said_at_clause_end(text, value_end)
        )
        if _LITTLE_WORD_ABROAD.fullmatch(core.lower()):
            return False  # "— isto é só a variável": a word of the sentence after the dash
        return ends_clause and _looks_like_password(core, True, named=True)

    def _in_chinese(self, core: str, bare: bool) -> bool:
        """A password in Chinese characters, set apart by spaces after 密码 and its verb: four
        characters or more that describe no password ("是 我的生日", "是 默认的"), or Chinese mixed
        with digits or symbols ("仓库2号_Ship!")."""
        if not self.name.group("word") or _DESCRIBES_A_PASSWORD.search(core):
            return False
        if _ASKS_SOMEONE.search(core):
            return False  # "但沒跟我講新的 要再問她": what is left to do, not the password
        if self.between and not _SAID_AS_WORDS.search(self.between):
            return False  # ("开机密码是一句诗 床前明月光": what the words are may come first)
        mixed = re.search(r"[\d!@#$%^&*_+=~]", core) is not None
        return (mixed or (len(core) >= 4 and not bare)) and self._near()

    def _near(self, comma: bool = False) -> bool:
        """A short gap in Chinese: no English words between; a comma only before a change in a
        code ("改密码了，原来是 1212") or right before the verb ("支付密码你帮我记着，是 802517")."""
        if comma and _JUST_AFTER_A_COMMA.search(self.gap):
            return True
        return len(self.gap) <= 16 and not re.search(
            r"[A-Za-z]" if comma and self.change else r"[A-Za-z,，;；]", self.gap
        )

    def _a_code(self, core: str, text: str, value_end: int) -> bool:
        """Digits ("门禁密码改成 739186", "the door code for the server room is 4417"), or a lock's
        combination ("combo 18-36-04"), that count nothing."""
        name = self.name
        if _SAID_NOT_A_CODE.search(text, value_end, value_end + 24):
            return False  # "门禁卡背面印着 1234 5678 89，这个是卡号不是密码吧"
        lock = _THREE_DIGITS.search(name.group()) or _LOCK_BEFORE.search(
            text, max(0, name.start() - 8), name.start()
        )
        # (said to have three digits, before the name too: "szyfr trzy cyfry — 7, 3, 1", "锁是三位的
        # 密码2 7 5")
        lock = lock or _THREE_SAID.search(text, max(0, name.start() - 16), self.start)
        shortest = 6 if name.group("sent") else 3 if lock else 4
        if self.form == "hanzi":
            count = len(re.sub(r"[ 、]", "", core))
        elif self.form == "repeat":
            count = sum(_COUNT_OF.get(c, 0) for c in re.findall(r"(\S)\s*[个個]", core))
        elif self.form == "spelled":
            count = len(re.split(r"[- ]", core))
        else:
            count = len(re.sub(r"\D", "", core))
        if not shortest <= count <= 8 or _UNIT_WORD.match(text, value_end):
            return False
        if self.between and not re.fullmatch(r"[\u4e00-\u9fff]{1,8}", self.between):
            return False
        if re.match(r"[A-Za-z0-9_]:", text[self.start - 2 : self.start]):
            return False  # a key's part ("rh:lock:order:123"), not a code said
        # (a phone named just before the number, not a call told earlier: "打电话问我妈才晓得她改成了 9528")
        if _PHONE_AFTER.match(text, value_end) or _PHONE_NAMED.search(
            (self.gap + self.between)[-_PHONE_REACH:]
        ):
            return False  # a number to call ("打 2866 1234 搵佢哋", "卡背面那个服务电话12333")
        if _FACTORY_DEFAULT.search(self.gap + self.between):
            return False  # "蓝牙耳机配对码一般是出厂默认的 0000": a manual's, not a secret
        names_a_thing = name.group("opens") and not name.group().isupper()  # not TAN, TAC, ATM
        if (
            names_a_thing
            and self.cue_start == name.end()
            and not re.search(r"[:：,，]", text[name.end() : self.start])
            and self.form not in ("spelled", "turns")
            and not re.fullmatch(r"\d(?: \d){3,7}", core)  # "unlock 1 1 0 5 2 5" names nothing
            and not re.fullmatch(
                r"[一二三四五六七八九两兩\d]\s*位(?:数|數|的)?", self.between
            )  # "锁四位的 零六二九"
        ):
            return False  # "Locker 214 is jammed": the number names the locker
        if self.cue_start == self.start > name.end():
            if not self.gap.strip() and not re.fullmatch(r"\d(?: \d){2,7}", core):
                return False  # (a number right after the name: "密码 1024 字节以内", "Locker 214")
            if self.gap in ("（", "("):
                return True  # in brackets right after its name: "柜子的密码（0817）是我自己设的"
            # the code nearest after its name, whatever the words between, in any language ("PIN
            # for my Opay na 0707", "Mon NIP de carte c'est 7304": review51), but in the clause,
            # after no other number, and no date ("password changed in 2024")
            # (a comma only before the old or the new one: "UPI PIN change kiya, purana 4471")
            gap = self.gap
            clauses = re.split(r"[,，]", gap)
            old_or_new = len(clauses) > 1 and _OLD_OR_NEW.match(clauses[-1])
            if len(clauses) > 1 and (
                old_or_new
                or (
                    _JUST_AFTER_A_COMMA.search(self.gap)
                    and not re.search(r"\d[,，]\s*$", self.gap)  # "$2,380": no clause
                )
            ):
                gap = clauses[-1]
            return (
                # (further when the last clause says which: "Kod pintu pagar kondo Seri Maya dah
                # tukar, yang baru 8 0 2 4")
                len(self.gap) <= (64 if old_or_new else 40)
                # (an apostrophe inside a word is no quote: "код від під'їзду 2580"; how many
                # digits may be said: "頭盔鎖 4 位數 0616")
                and not re.search(
                    r"[,，;；。.!?！？\d\"'“(（]",
                    _DIGITS_SAID.sub("", _IN_WORD_APOSTROPHE.sub("", gap)),
                )
                and not re.search(r"[;；]", self.gap)
                and not _NOT_A_CODE_BEFORE.search(gap)
                and not _YEAR.fullmatch(core)
            )
        coded = (
            name.group("code") or name.group("opens") or name.group("sent") or name.group("word")
        )
        # (across a comma when the cue says which: "a TAN by SMS, the current one is 847261")
        english_gap = coded and (self.change or not re.search(r"[,，;；]", self.gap))
        # digits spelled in words are a code said aloud, across a comma too ("the keypad now, she
        # told me it's seven three one nine")
        spelled = self.form == "spelled" and len(self.gap) <= 60
        # a change said further on in the sentence ("门口密码锁按三遍都冒开,打电话问我妈才晓得她改成了 9528")
        changed = self.change and len(self.gap) <= 60 and not re.search(r"[。！？!?\n]", self.gap)
        return (
            self._near(comma=True)
            or bool(english_gap)
            or spelled
            or changed
            or self._told(core, text)
        )

    def _told(self, core: str, text: str) -> bool:
        """A code told in a Chinese story, clauses after its name ("取钱的密码我怕忘，就跟您说一下：
        六一八三二七", "门锁密码，居委会王主任说是 2 0 2 4": review55): five digits or more, six
        Chinese numerals, or digits said one by one, after 是, a colon or a comma, in the same
        sentence, no example near."""
        told = (
            (self.form == "hanzi" and len(core) >= 6 and not re.search("[ 、]", core))
            # (Chinese numerals one by one: "隔壁阿姨講是四位數:一、三、零、八")
            or (
                self.form == "hanzi"
                and len(re.sub("[ 、]", "", core)) >= 4
                and re.search("[ 、]", core)
            )
            or self.form == "repeat"
            or (core.isdigit() and len(core) >= 5)
            or re.fullmatch(r"\d(?: \d){3,7}", core) is not None
        )
        cue = text[self.cue_start : self.start].strip()
        return (
            told
            and cue[:1] in ("是", "係", "系", "：", ":", "，", ",", "报", "報")
            and len(self.gap) <= 80
            and not re.search(r"[。！？!?\n]", self.gap)
            and not _EXAMPLE_NEAR.search(self.gap)
            and not _EXAMPLE_NEAR.match(text, self.start + len(core))
        )

    def _a_passphrase(self, core: str, text: str, value_end: int) -> bool:
        """Words said as the value ("lemon river candle north", "mango-shaved-ice"): several
        ending the clause, or joined, none a little word of prose or a host's part."""
        if not self.phrase:
            return _words_joined(core)
        if _WITH_SPACES.match(text, value_end):
            return True  # "green tea at three pm 中间带空格", "ramen at midnight with the spaces"
        if not _said_at_clause_end(text, value_end) and text[value_end:].lstrip(" ")[:1].isascii():
            return False
        words = core.lower().split()
        if words[0].endswith(("ing", "ed")) or sum(w.endswith(_PROSE_ENDINGS) for w in words) >= 2:
            return False  # "…is changing next week", "…: FATAL authentication failed"
        if (
            len(words) == 2
            and not (  # two words only after "password is", ending the sentence
                self.name.group("word")
                and not self.between
                and not self.the_word
                and re.match(r"\s*(?:[.!?。！？]|$)", text[value_end:])
                and not any(w.endswith(_PROSE_ENDINGS) or len(w) < 3 for w in words)
            )
        ):
            return False
        return not any(
            _LITTLE_WORD.fullmatch(w)
            or _LITTLE_WORD_ABROAD.fullmatch(w)
            or w in _SAID_OF_A_PASSWORD
            or w in _PROSE_VERBS
            for w in words
        )
