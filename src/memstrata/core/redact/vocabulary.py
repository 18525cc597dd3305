"""Words of the languages users mix in that several readers share: "password" abroad, the little
words of prose, digits said in words, a dial's directions, what is said of a password rather than
as it.

Kept apart so that the readers (the fixed phrasings, the slot, the corrections, the finder's
filters) agree on them: a word added here reaches every reader that reads it. Some are regex
fragments that readers build their patterns from, some patterns of their own; a reader's module
keeps the words that it alone reads.
"""

from __future__ import annotations

from memstrata.text.lazy_re import lazy_compile

# "Password" in the languages users mix in (review52-53: "la contraseña de Figma es …",
# "пароль: Ural$kBox44", "şifre simitvecay2023", "סיסמה: hummus4ever!"), with their case forms;
# the cheap markers below are the substrings that let a message reach the patterns at all.
_PASSWORD_ABROAD = (
    r"senha|contraseña|clave|hasło|haslo|mật khẩu|mot de passe|passwort|kennwort"
    r"|비번(?:은|이|을)?|비밀번호(?:는|가|를)?"
    r"|парол[ьяюе]м?|parol'?|[şs]ifre(?:sini|si|mi|m|ni|n|yi)?|parola|ה?סיסמ[הא]|รหัสผ่าน|كلمة (?:السر|المرور)"
    r"|ال?باسورد|พาสเวิร์?ด|(?:kata )?sandi(?:nya)?|nenosiri|パスワード|पासवर्ड|(?:wlan|wifi|wi-fi)-?schlüssel"
    r"|chiave (?:wpa2?|wifi|wi-fi|di rete)|κωδικ(?:ός|ό|ού)(?: πρόσβασης)?|ramz(?:e|esh)?|رمز عبور|paroli(?:ni)?|mdp|mat khau|palavra-passe"
    r"|(?:የ)?ይለፍ ቃ[ልሉ]|ፓስወርድ\w*|باسوورد"
    r"|পাসওয়ার্ড"
)
_PASSWORD_ABROAD_MARKERS = (
    "senha", "contraseña", "clave", "hasło", "haslo", "mật khẩu", "mot de passe", "passwort",
    "kennwort", "비번", "비밀번호", "schlüssel", "chiave", "парол", "parol", "ifre", "parola", "סיסמ", "รหัสผ่าน", "كلمة",
    "باسورد", "พาสเวิ", "sandi", "nenosiri", "パスワード", "पासवर्ड", "κωδικ", "ramz", "رمز", "পাসওয়ার্ড", "mdp", "mat khau", "palavra-passe", "ይለፍ", "ፓስወርድ", "باسوورد",
)  # fmt: skip
_LITTLE_WORD = lazy_compile(
    r"a|an|the|in|on|at|to|of|by|for|with|from|and|or|not|no|never|always|is|be|as|than|very|too"
    r"|quite|now|still|also|only|just|every|each|all|any|same|after|before|when|if|it|this|that"
    r"|your|my|our|their|via|per|under|what|whatever|which|where|who|you|we|they|he|she|i|me"
    # counts and joins ("four random words", "user name plus birthday": review22)
    r"|one|two|three|four|five|six|plus|random|words?|letters?|digits?|characters?"
)
# ...and in the languages users mix in, for words said loose after a name ("— das lange Ding vom
# Aufkleber", "— passt das so?"), not words joined ("galo-de-barcelos-2024" is a password).
_LITTLE_WORD_ABROAD = lazy_compile(
    r"der|die|das|den|dem|vom|von|und|ist|nicht|ich|du|mit|im|zu|es|ein|eine|so|dies"
    r"|el|la|los|las|de|del|que|y|en|un|una|o|os|do|da|não|e|le|les|et|est|pas|isto|isso|esto|eso"
    r"|questo|quello|ecco"
    # (Malay: "Tip password: guna ayat panjang, campur nombor")
    r"|guna|jangan|pakai|boleh|kena|mesti|campur|dan|atau|dengan|untuk|yang|ini|itu"
)
# What names a network, said anywhere after "wifi" ("our wifi network is called X and the 5g one
# is X-5G").
_NAMING = lazy_compile(
    r"叫|名字|名稱|名称|SSID|(?i:\bcalled\b|\bnamed\b|\bssid\b|\bnetwork\b|\bname\b)"
)
# How a passphrase is typed, said after it ("…, with the spaces", "全小写", "中间有空格").
_TYPED_AS = (
    r"\s*[,，—–]?\s*(?i:(?:yes|yeah|yep|and)\s+)?(?:(?:中间|中間)?(?:带|帶|有|冇|沒有|没有)?空格|全(?:部)?小[写寫]|全細階"
    r"|(?i:(?:with )?(?:the )?spaces|all lowercase|all lower case|with (?:the )?hyphens"
    r"|all small letters(?: with spaces)?|with spaces and capital letters"
    r"|capitals and spaces"
    # (Spanish, Polish, Singlish: "…es cebollaycilantro, todo junto", "all small small": review70)
    # (said at the end of its clause: "…larga, todo junto son 20 letras" describes no value)
    r"|(?:todo junto|todo pegado|sin espacios|con (?:los )?espacios|todo en min[úu]sculas"
    r"|all small(?: small)?|bez spacji|ze spacjami|ma[łl]ymi literami)(?=\s*(?:[,.;!?，。)]|$))))"
)
# Digits said in words: English, German, French, Portuguese, Malay ("vier sieben null drei",
# "empat-lapan-satu-sembilan": review50).
_DIGIT_WORD = (
    r"(?:zero|one|two|three|four|five|six|seven|eight|nine"
    r"|null|eins|zwei|drei|vier|fünf|sechs|sieben|acht|neun"
    r"|nought|zéro|un|deux|trois|quatre|cinq|sept|huit|neuf|um|dois|três|quatro|cinco|seis|sete|oito|nove"
    r"|kosong|satu|dua|tiga|empat|lima|enam|tujuh|lapan|sembilan"
    r"|rei|ichi|ni|san|yon|shi|go|roku|nana|shichi|hachi|kyuu|kyu"
    r"|cero|uno|dos|tres|cuatro|cinco|seis|siete|ocho|nueve"
    r"|jeden|dwa|trzy|cztery|pięć|sześć|siedem|osiem|dziewięć"
    r"|sifuri|moja|mbili|tatu|nne|tano|sita|saba|nane|tisa"
    r"|không|một|hai|ba|bốn|năm|sáu|bảy|tám|chín"
    # Russian, Turkish, Hebrew, Arabic, Hindi said in Latin letters (review53: "пять, три, ноль,
    # восемь", "beş-iki-dokuz-sıfır", "שש-אפס-תשע-שתיים")
    r"|ноль|нуль|один|одна|два|две|три|четыре|пять|шесть|семь|восемь|девять"
    r"|sıfır|sifir|bir|iki|üç|dört|dort|beş|bes|altı|alti|yedi|sekiz|dokuz"
    r"|אפס|אחת|אחד|שתיים|שתים|שניים|שלוש|ארבע|חמש|שש|שבע|שמונה|תשע"
    r"|صفر|واحد|اثنين|اثنان|ثلاثة|أربعة|خمسة|ستة|سبعة|ثمانية|تسعة"
    r"|ek|do|teen|tin|chaar|char|paanch|panch|chhe|saat|aath|nau|shunya"
    # (pinyin with its tones: "bā liù èr líng yāo qī": review67)
    r"|líng|yī|yāo|èr|sān|sì|wǔ|liù|qī|bā|jiǔ"
    # (Swiss German: "drü-sibe-null")
    r"|eis|zwöi|drü|foif|füf|sächs|sibe|nüün"
    r"|uno|due|tre|quattro|cinque|sette|otto|nove"
    r"|одна|дві|чотири|п'ять|шість|сім|вісім|дев'ять"
    r"|शून्य|एक|दुई|दो|तीन|चार|पाँच|पांच|छ|छह|सात|आठ|नौ"
    r"|ゼロ|レイ|イチ|ニ|サン|ヨン|ゴ|ロク|ナナ|ハチ|キュウ|キュー"
    r"|nol|bir|ikki|uch|to'rt|besh|olti|yetti|sakkiz|to'qqiz"
    r"|unu|doi|trei|patru|cinci|șase|sase|șapte|sapte|opt|nouă|noua"
    r"|khong|mot|bon|sau|bay|tam|chin"
    # (Afrikaans, Mongolian in Cyrillic: "drie-nege-een-vyf", "долоо найм гурав тэг": review68)
    r"|nul|een|twee|drie|vier|vyf|ses|sewe|agt|nege"
    r"|тэг|нэг|хоёр|гурав|дөрөв|тав|зургаа|долоо|найм|ес"
    r"|صفر|یک|دو|سه|چهار|پنج|شش|هفت|هشت|نه"
    r"|শূন্য|এক|দুই|তিন|চার|পাঁচ|ছয়|ছয়|সাত|আট|নয়|নয়)"
)
# ...and Thai's, which run together with no space ("หนึ่งสี่เก้าแปด") and end in marks that no
# word boundary follows.
_THAI_DIGIT = r"(?:ศูนย์|หนึ่ง|สอง|สาม|สี่|ห้า|หก|เจ็ด|แปด|เก้า)"
_THAI_DIGITS = _THAI_DIGIT + r"(?:[- ]?" + _THAI_DIGIT + r"){2,7}"
# Words of a sentence said after "password:", never of a passphrase ("password: please ask Tom").
_PROSE_VERBS = frozenset((
    "please", "ask", "see", "check", "contact", "call", "find", "get", "look", "try", "reset",
    "change", "send", "use", "using", "kept", "expires", "changes", "must", "should", "can", "will",
    "would", "could", "may", "might", "has", "have", "had", "does", "do", "did", "are", "were",
    "ping", "dm", "message", "email", "slack",
))  # fmt: skip
# A dial's direction (Indonesian kanan/kiri, German, Spanish, Portuguese, Vietnamese).
_TURN = (
    r"(?:left|right|kanan|kiri|links|rechts|izquierda|derecha|esquerda|direita|trái|phải|sinistra"
    r"|destra|左轉|右轉|左转|右转|左|右|phai|trai|à droite|à gauche|يمين|يسار|o'ng|chap|ወደ ቀኝ|ወደ ግራ)"
)
# What a value in Chinese after 密码 says about the password, not the password.
_DESCRIBES_A_PASSWORD = lazy_compile(
    r"什么|什麼|多少|啥|哪|一样|一樣|相同|同一|默认|默認|生日|手机|手機|电话|電話|身份证|身份證|拼音|名字"
    r"|空的|错|錯|对的|對的|之前|原来|原來|以前|那个|那個|这个|這個|随机|隨機|加密|明文|过期|過期|不变|不變"
    r"|保密|老的|旧的|舊的|新的|位数|位數|数字|數字|字母|大写|大寫|小写|小寫|中文|英文|简单|簡單|复杂|複雜|设置|設置"
    r"|密码|密碼|账号|賬號|用户|用戶|管理员|管理員|一下|不能|不要|唔好|忘|记|記"
    # (what it is instead, or the rules it follows: "就是个编号", "規定要8到12碼")
    r"|编号|編號|号码|號碼|规定|規定|要求|至少|最少|\d+\s*到\s*\d+"
)
# "Not a password", said of a value (the finder's last filter) or of a number (the slot's codes).
_NOT_SAID = r"(?:不是|唔係|并不是|並不是)"
_NOT_A_PASSWORD_SAID = _NOT_SAID + r"(?:密码|密碼|口令|秘密)"
# English words that end like these are prose when they follow "password" with no separator
# ("password authentication failed", "password rotation"), not a passphrase run together.
_PROSE_ENDINGS = (
    "tion", "sion", "ment", "ness", "ity", "ing", "ance", "ence", "able", "ible", "ship",
    "ized", "ised", "ies", "ed", "ive", "ous", "ful", "less", "al", "ic", "ory", "ly", "ent", "ant",
)  # fmt: skip
# ...and the endings of words that describe a password when said as its value ("is encrypted",
# "is changeable", "is mandatory"); "butterfly" and "elephant" are values.
_DESCRIBING = ("ed", "ing", "able", "ible", "ive", "ous", "less", "tory", "ional", "ient", "ful")
# Words that follow "password is" in prose about a password rather than as its value; a plain
# lowercase word that is none of these and ends like no adjective is the value ("the wifi
# password is sunflower").
_SAID_OF_A_PASSWORD = frozenset((
    "correct", "incorrect", "wrong", "right", "invalid", "valid", "expired", "required", "missing",
    "blank", "empty", "strong", "weak", "secure", "insecure", "stored", "saved", "hidden",
    "visible", "unknown", "known", "same", "different", "long", "short", "simple", "complex",
    "unique", "shared", "temporary", "still", "also", "already", "never", "always", "there",
    "here", "fine", "okay", "good", "bad", "better", "worse", "stale", "old", "new", "ready",
    "set", "unset", "managed", "rotated", "plaintext", "cleartext", "stronger", "longer",
    "shorter", "weaker", "safer", "optional", "personal", "sufficient", "insufficient", "gone",
    "lost", "used", "reused", "expiring", "random", "private", "public", "secret", "sensitive",
    "irrelevant", "redundant", "present", "absent", "trivial", "obvious", "fixed", "mandatory",
    "default", "generic", "permanent", "global", "local", "broken", "stolen", "taken", "forgotten",
    "written", "given", "shown", "leaked", "down", "dead", "expire", "obsolete", "nonsense",
    "gibberish", "nothing", "none", "enough", "yours", "mine", "ours", "theirs", "elsewhere",
    "somewhere", "problematic",
    # four letters: a four-letter word named as the password is one ("the root password is toor")
    "easy", "hard", "safe", "nice", "cool", "true", "null", "void", "full", "just", "back", "done",
    "kept", "sent", "open", "shut", "over", "late", "only", "what", "this", "that", "then", "like",
    "both", "each", "very", "much", "more", "less", "else", "away", "case", "sure", "free", "busy",
    "high", "fake", "real", "dumb", "lame", "junk", "poor", "tiny", "temp", "blah", "huge", "ugly",
    "bare", "dull", "lazy", "rare", "nope", "yeah", "todo", "policy", "inside", "whatever",
    # how it is kept ("密码是 hash 过的", "password is plain text")
    "hash", "plain", "text", "clear", "salt",
))  # fmt: skip
_COMPARING = ("er", "est", "ly", "wards", "stairs")
# "Old" and "new" said of a value, in the languages users mix in (without the words for "now"):
# the slot reads past a sentence that opens with one ("Kuda PIN don change o. Old one na 2580"),
# and a code's old value may look like a year after one ("purana 1946 tha").
_OLD_NEW_WORDS = (
    r"old|new|previous|former|purana|puraana|naya|nayi|dulu|lama|baru|zamani|mpya|antigo|novo|nova"
    r"|alte|alter|neue|neuer|cũ|mới|stary|stara|nowy|nowa|vecchio|vecchia|nuovo|nuova|yenisi|eskisi"
    r"|yeni|eski|viejo|vieja|nuevo|nueva|antiguo|antigua|jadidesh|jadid|ghadimi|notun|puran|purono"
    r"|vechiul|vechea|noul"
)
_OLD_NEW_ZH = r"以前|之前|原来|原來|原本|旧的|舊的|老的|新的"
