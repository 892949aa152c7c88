"""Deterministic benchmark corpora (no downloads; word lists are written out below).

* :func:`ascii_corpus` -- English-like prose with URLs (paths, queries, fragments,
  trailing punctuation, parentheses) and email addresses sprinkled in.
* :func:`multilingual_corpus` -- prose mixing Japanese, Chinese, Russian, Arabic,
  Hindi, Greek and Korean, with non-ASCII URLs, IDN hosts and non-ASCII emails.
* :func:`escaped_urls` -- realistic percent-escaped URLs (for ``bench_escape.py``).

Both corpora are generated with a seeded :class:`random.Random`, so the same
arguments always give the same text. Sizes are in bytes of UTF-8 (approximate:
generation stops at the first paragraph boundary past the target).

Run ``python bench/corpus.py`` for a summary and a sample of each corpus.
"""

from __future__ import annotations

import random
import sys
from urllib.parse import quote

MB = 1_000_000

# --------------------------------------------------------------------------- ASCII

EN_WORDS = """
the of and to in is was for on that with as by it at from this be are an or
have has not but which their they his her were been also more its one all
time year people way day man thing woman life child world school state family
student group country problem hand part place case week company system program
question work government number night point home water room mother area money
story fact month lot right study book eye job word business issue side kind
head house service friend father power hour game line end member law car city
community name president team minute idea kid body information back parent face
others level office door health person art war history party result change
morning reason research girl guy moment air teacher force education release
build server client browser library function module package version update
network protocol address domain message mail link page site report draft
""".split()

EN_CAPS = "The A In On For With This That When After Before While Although Because".split()

TLDS_ASCII = ["com", "org", "net", "io", "dev", "edu", "gov", "co.uk", "de", "fr", "jp", "info", "app"]

HOST_WORDS = """
example github gitlab wikipedia python docs stackoverflow mozilla unicode google
youtube news blog shop mail cdn static api status login support forum wiki
""".split()

PATH_WORDS = """
wiki issues pull blob main src docs api v1 v2 users posts 2024 2025 tree index
reference guide faq search download release notes tag file page item product
""".split()

EMAIL_USERS = "alice bob carol dave erin frank grace heidi ivan judy mallory noreply support info".split()


def _host(rng: random.Random) -> str:
    parts = []
    if rng.random() < 0.4:
        parts.append(rng.choice(["www", "en", "docs", "api", "m", "blog"]))
    parts.append(rng.choice(HOST_WORDS) + (str(rng.randint(1, 99)) if rng.random() < 0.1 else ""))
    parts.append(rng.choice(TLDS_ASCII))
    return ".".join(parts)


def _ascii_url(rng: random.Random) -> str:
    r = rng.random()
    scheme = "https://" if r < 0.6 else ("http://" if r < 0.7 else "")
    url = scheme + _host(rng)
    if rng.random() < 0.08:
        url += f":{rng.choice([8080, 8443, 3000, 443])}"
    if rng.random() < 0.8:
        for _ in range(rng.randint(1, 4)):
            url += "/" + rng.choice(PATH_WORDS)
        if rng.random() < 0.15:
            url += f"_({rng.choice(PATH_WORDS)})"  # Wikipedia-style parens
        if rng.random() < 0.2:
            url += "/"
    if rng.random() < 0.3:
        qs = [f"{rng.choice(PATH_WORDS)}={rng.choice(EN_WORDS)}" for _ in range(rng.randint(1, 3))]
        url += "?" + "&".join(qs)
    if rng.random() < 0.2:
        url += "#" + rng.choice(PATH_WORDS) + ("-" + str(rng.randint(1, 9)) if rng.random() < 0.5 else "")
    return url


def _ascii_email(rng: random.Random) -> str:
    user = rng.choice(EMAIL_USERS)
    if rng.random() < 0.3:
        user += "." + rng.choice(EMAIL_USERS)
    if rng.random() < 0.1:
        user += "+" + rng.choice(PATH_WORDS)
    return user + "@" + _host(rng)


def _wrap_link(rng: random.Random, link: str) -> str:
    r = rng.random()
    if r < 0.15:
        return f"({link})"
    if r < 0.22:
        return f"<{link}>"
    if r < 0.27:
        return f'"{link}"'
    if r < 0.30:
        return f"[{link}]"
    return link


def _ascii_sentence(rng: random.Random) -> str:
    words = [rng.choice(EN_CAPS)]
    for _ in range(rng.randint(6, 18)):
        r = rng.random()
        if r < 0.035:
            words.append(_wrap_link(rng, _ascii_url(rng)))
        elif r < 0.045:
            words.append(_wrap_link(rng, _ascii_email(rng)))
        elif r < 0.06:
            words.append(rng.choice(EN_WORDS) + ",")
        elif r < 0.065:
            words.append(f"{rng.randint(1, 9)}.{rng.randint(0, 99)}")  # "3.14": not a link
        elif r < 0.07:
            words.append(f"{rng.choice(PATH_WORDS)}.{rng.choice(['py', 'txt', 'md'])}")  # file names
        else:
            words.append(rng.choice(EN_WORDS))
    end = rng.choice([".", ".", ".", "?", "!", ":", "..."])
    return " ".join(words) + end


def ascii_corpus(size: int = MB, seed: int = 58) -> str:
    """English-like prose of about ``size`` UTF-8 bytes with URLs and emails."""
    return _build(size, seed, _ascii_paragraph)


def _ascii_paragraph(rng: random.Random) -> str:
    return " ".join(_ascii_sentence(rng) for _ in range(rng.randint(2, 7)))


# -------------------------------------------------------------------- multilingual

ML_WORDS = {
    "ja": "日本語 東京 大阪 京都 文字 言葉 電車 会社 学校 先生 学生 天気 今日 明日 昨日 本 映画 音楽 料理 写真 仕事 友達 家族 世界 研究 情報 技術 ひらがな カタカナ コンピュータ インターネット ソフトウェア ウェブサイト".split(),
    "zh": "中文 北京 上海 广州 汉字 语言 电脑 网络 学校 老师 学生 天气 今天 明天 书 电影 音乐 朋友 家庭 世界 研究 信息 技术 软件 网站 新闻 测试 普遍 适用 我爱你".split(),
    "ru": "русский язык москва город книга слово время работа жизнь человек день дом страна мир вопрос школа друг семья история музыка наука интернет сайт новости".split(),
    "ar": "العربية اللغة القاهرة مدينة كتاب كلمة وقت عمل حياة إنسان يوم بيت بلد عالم سؤال مدرسة صديق عائلة تاريخ موسيقى علم الإنترنت موقع أخبار".split(),
    "hi": "हिन्दी भाषा दिल्ली शहर किताब शब्द समय काम जीवन आदमी दिन घर देश दुनिया सवाल स्कूल दोस्त परिवार इतिहास संगीत विज्ञान इंटरनेट वेबसाइट समाचार".split(),
    "el": "ελληνικά γλώσσα αθήνα πόλη βιβλίο λέξη χρόνος δουλειά ζωή άνθρωπος μέρα σπίτι χώρα κόσμος ερώτηση σχολείο φίλος οικογένεια ιστορία μουσική επιστήμη διαδίκτυο".split(),
    "ko": "한국어 언어 서울 부산 도시 책 단어 시간 일 생활 사람 날 집 나라 세계 질문 학교 친구 가족 역사 음악 과학 인터넷 웹사이트 뉴스 핑크퐁".split(),
}

ML_PUNCT = {
    "ja": ("、", "。"),
    "zh": ("，", "。"),
    "ru": (",", "."),
    "ar": ("،", "."),
    "hi": (",", "।"),
    "el": (",", "."),
    "ko": (",", "."),
}

# Languages written without spaces between words.
NO_SPACE = {"ja", "zh"}

ML_WIKI_TITLES = {
    "ja": ["アルベルト・アインシュタイン", "東京都", "日本語", "富士山", "源氏物語"],
    "zh": ["中华人民共和国", "汉字", "长城", "孔子", "北京市"],
    "ru": ["Москва", "Лев_Толстой", "Русский_язык", "Санкт-Петербург"],
    "ar": ["القاهرة", "اللغة_العربية", "ابن_سينا"],
    "hi": ["भारत", "हिन्दी", "महात्मा_गांधी"],
    "el": ["Αθήνα", "Σωκράτης", "Ελληνική_γλώσσα"],
    "ko": ["대한민국", "서울특별시", "한글"],
}

# IDN hosts (U-labels) with TLDs that are in the Public Suffix List.
ML_IDN_HOSTS = [
    "普遍适用测试.我爱你",
    "例子.中国",
    "例え.テスト.jp",
    "bücher.de",
    "münchen.de",
    "παράδειγμα.ελ",
    "пример.рф",
    "президент.рф",
    "مثال.مصر",
    "उदाहरण.भारत",
    "실례.한국",
    "例子.香港",
    "ñandú.es",
]

ML_EMAIL_LOCAL = ["σωκράτης", "用户", "ユーザー", "пользователь", "उपयोगकर्ता", "사용자", "müller", "josé"]
ML_EMAIL_DOMAINS = ["example.gr", "example.com", "例子.中国", "пример.рф", "bücher.de", "mail.example.jp"]


def _ml_url(rng: random.Random, lang: str) -> str:
    r = rng.random()
    if r < 0.3:
        url = f"https://{lang}.wikipedia.org/wiki/{rng.choice(ML_WIKI_TITLES[lang])}"
    elif r < 0.45:
        url = f"www.youtube.com/@{rng.choice(ML_WORDS[lang])}"
    elif r < 0.75:
        host = rng.choice(ML_IDN_HOSTS)
        url = ("https://" if rng.random() < 0.4 else "") + host
        if rng.random() < 0.8:
            url += "/" + "/".join(rng.choice(ML_WORDS[lang]) for _ in range(rng.randint(1, 3)))
    else:
        url = ("https://" if rng.random() < 0.5 else "") + _host(rng)
        url += "/" + "/".join(rng.choice(ML_WORDS[lang]) for _ in range(rng.randint(1, 3)))
        if rng.random() < 0.4:
            url += f"?q={rng.choice(ML_WORDS[lang])}"
        if rng.random() < 0.2:
            url += f"#{rng.choice(ML_WORDS[lang])}"
    return url


def _ml_email(rng: random.Random) -> str:
    return rng.choice(ML_EMAIL_LOCAL) + "@" + rng.choice(ML_EMAIL_DOMAINS)


def _ml_sentence(rng: random.Random, lang: str) -> str:
    comma, stop = ML_PUNCT[lang]
    sep = "" if lang in NO_SPACE else " "
    out: list[str] = []
    for _ in range(rng.randint(5, 16)):
        r = rng.random()
        if r < 0.04:
            link = _ml_url(rng, lang)
        elif r < 0.055:
            link = _ml_email(rng)
        else:
            w = rng.choice(ML_WORDS[lang])
            if rng.random() < 0.1:
                w += comma
            out.append(w)
            continue
        # Links are set off by spaces, or (often, in CJK) butt against text/punctuation.
        if lang in NO_SPACE and rng.random() < 0.5:
            out.append(rng.choice(["「", "（", " "]) + link + rng.choice(["」", "）", " ", comma]))
        else:
            out.append((" " if lang in NO_SPACE else "") + _wrap_link(rng, link) + (" " if lang in NO_SPACE else ""))
    return sep.join(out) + stop


def _ml_paragraph(rng: random.Random) -> str:
    lang = rng.choice(list(ML_WORDS))
    sep = "" if lang in NO_SPACE else " "
    return sep.join(_ml_sentence(rng, lang) for _ in range(rng.randint(2, 6)))


def multilingual_corpus(size: int = MB, seed: int = 58) -> str:
    """Multilingual prose of about ``size`` UTF-8 bytes with non-ASCII URLs and emails."""
    return _build(size, seed, _ml_paragraph)


# ---------------------------------------------------------------------- escaping


def escaped_urls(n: int = 2000, seed: int = 58) -> list[str]:
    """``n`` realistic URLs whose non-ASCII parts are percent-encoded (UTF-8)."""
    rng = random.Random(seed)
    out = []
    langs = list(ML_WORDS)
    while len(out) < n:
        lang = rng.choice(langs)
        raw = _ml_url(rng, lang)
        if "://" not in raw:
            raw = "https://" + raw
        scheme, rest = raw.split("://", 1)
        host, slash, tail = rest.partition("/")
        if rng.random() < 0.3 and "?" not in tail:
            tail += f"?q={rng.choice(ML_WORDS[lang])}&lang={lang}"
        # Host stays as text (or punycode would be used); path/query/fragment get escaped,
        # as a browser's copy-paste or a server log would show them.
        out.append(f"{scheme}://{host}{slash}{quote(tail, safe='/?#&=@:_-.~')}")
    return out


# ---------------------------------------------------------------------- common


def _build(size: int, seed: int, paragraph) -> str:
    rng = random.Random(seed)
    parts: list[str] = []
    total = 0
    while total < size:
        p = paragraph(rng)
        parts.append(p)
        total += len(p.encode("utf-8")) + 2
    return "\n\n".join(parts) + "\n"


CORPORA = {
    "ascii": ascii_corpus,
    "multilingual": multilingual_corpus,
}


def main(argv: list[str] | None = None) -> int:
    for name, fn in CORPORA.items():
        text = fn()
        nbytes = len(text.encode("utf-8"))
        print(f"== {name}: {nbytes:,} bytes UTF-8, {len(text):,} code points, {text.count(chr(10) * 2) + 1} paragraphs")
        print(text[:600])
        print("...")
    urls = escaped_urls()
    print(f"== escaped_urls: {len(urls)} URLs, e.g.")
    for u in urls[:5]:
        print("  ", u)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
