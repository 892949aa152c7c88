"""Homograph detection: look-alikes of popular ASCII domains, and false positives on real IDN hosts.

1. Look-alikes. From ICU's confusable data (skeletons), take every Cyrillic and
   every Greek character whose skeleton is one ASCII letter or digit. For popular
   ASCII domains whose second-level label can be spelled entirely with such
   characters of one script, build whole-script look-alikes (different choices of
   look-alike characters, and the usual generic TLDs) until there are ``--n``
   (default 1,000); keep only those that pass UTS #46 ToASCII and that the base
   detector links. Report how many are flagged by
   ``LinkPolicy(spoof_check=True)`` (our skeleton flags) and how many by ICU's
   single-string ``SpoofChecker.check`` alone (what ``spoof_check`` did before),
   and how many ``LinkPolicy.recommended()`` shows in Punycode. The same for
   mixed-script look-alikes (one letter replaced: ``pаypal.com``).
2. False positives. Real IDN hosts: the non-ASCII names of the Public Suffix List
   (ICANN and private sections, as bundled with ``publicsuffixlist``), non-ASCII
   hosts found in text under ``--docs`` directories (default: /work/shared and
   /usr/share/doc), and the IDN hosts of the real-text corpus when its output
   exists (``--corpus``, its ``out/docs`` texts). A flag on one of these is a false positive — unless the
   host really is an ASCII look-alike; such hosts are listed for inspection.

    python bench/bench_homographs.py [--n 1000] [--docs DIR ...] [--corpus DIR] [--json]
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

# Second-level labels of widely used sites (a public fact: the most visited domains).
POPULAR = """
google youtube facebook baidu wikipedia amazon twitter instagram yahoo linkedin
netflix reddit whatsapp microsoft apple office live bing zoom tiktok pinterest
ebay paypal spotify github gitlab stackoverflow adobe dropbox salesforce oracle
ibm intel nvidia cisco samsung sony yandex mail vk ok qq taobao tmall jd weibo
alibaba aliexpress booking airbnb expedia tripadvisor uber lyft imdb twitch
discord telegram signal skype slack notion medium quora wordpress blogger tumblr
cnn bbc nytimes espn forbes bloomberg reuters chase wellsfargo citi hsbc
barclays santander visa mastercard amex coinbase binance kraken steam epicgames
roblox mozilla firefox opera cloudflare akamai shopify etsy walmart target costco
bestbuy homedepot ikea zara hm nike adidas apache python npm docker kubernetes
openai yelp craigslist indeed glassdoor duckduckgo ask aol outlook icloud
hotmail gmail proton tutanota zillow spacex tesla ford bmw toyota honda
chase apache dell hp sap alexa expedia lowes sears pepsi delta aviva axa adp
aol disco paypal yahoo cisco apple scholar whois sysco appsheet

accuweather weather archive scribd academia coursera edx udemy khanacademy
deepl duolingo canva figma trello asana atlassian jira okta auth0 heroku vercel
netlify digitalocean linode vultr godaddy namecheap wix squarespace weebly
""".split()
TLDS = """com net org info io co app shop xyz online site dev ai me us uk de ru fr jp in br it
es ca au nl eu ch se pl biz tv cc""".split()


def confusable_letters(script: str) -> dict[str, list[str]]:
    """ASCII character -> characters of ``script`` (ISO 15924) whose skeleton is that character."""
    from uts58_icu._icu import confusable_skeleton, idna_to_ascii, scripts_of, unicode_set_ranges

    out: dict[str, list[str]] = {}
    for lo, hi in unicode_set_ranges(f"[[\\p{{sc={script}}}] & [\\p{{Ll}}\\p{{Lo}}\\p{{Nd}}]]"):
        for cp in range(lo, hi + 1):
            ch = chr(cp)
            sk = confusable_skeleton(ch)
            if len(sk) == 1 and sk.isascii() and sk.isalnum() and scripts_of(ch) == {script}:
                if idna_to_ascii(ch)[1] and idna_to_ascii(ch)[0] != sk:  # stays itself under UTS #46
                    out.setdefault(sk, []).append(ch)
    return out


def lookalikes(n: int) -> list[tuple[str, str, str]]:
    """Up to ``n`` (look-alike host, script, original ASCII host), spread over domains."""
    from uts58_icu._icu import confusable_skeleton, idna_to_ascii

    per_domain: list[list[tuple[str, str, str]]] = []
    for script in ("Cyrl", "Grek"):
        table = confusable_letters(script)
        for name in POPULAR:
            if not all(c in table for c in name):
                continue
            variants = []
            choices = [table[c] for c in name]
            spellings = ["".join(combo) for combo in itertools.islice(itertools.product(*choices), 8)]
            for tld in TLDS:  # every TLD with each spelling, in turn
                for label in spellings:
                    host = f"{label}.{tld}"
                    if not idna_to_ascii(host)[1]:
                        continue
                    assert confusable_skeleton(host) == confusable_skeleton(f"{name}.{tld}")
                    variants.append((host, script, f"{name}.{tld}"))
            if variants:
                per_domain.append(variants)
    # round-robin over domains, so every domain is represented before any repeats
    out: list[tuple[str, str, str]] = []
    seen: set[str] = set()
    for k in range(max((len(v) for v in per_domain), default=0)):
        for variants in per_domain:
            if k < len(variants) and variants[k][0] not in seen and len(out) < n:
                seen.add(variants[k][0])
                out.append(variants[k])
    return out


def mixed_lookalikes(n: int) -> list[tuple[str, str, str]]:
    """Up to ``n`` mixed-script look-alikes: one letter of a popular ASCII domain replaced
    by a Cyrillic or Greek character with the same skeleton (``pаypal.com``)."""
    from uts58_icu._icu import idna_to_ascii

    tables = {script: confusable_letters(script) for script in ("Cyrl", "Grek")}
    rows: list[list[tuple[str, str, str]]] = []
    for name in POPULAR:
        variants = []
        for tld in TLDS[:4]:
            for i, c in enumerate(name):
                for script, table in tables.items():
                    for ch in table.get(c, [])[:1]:
                        host = f"{name[:i]}{ch}{name[i + 1:]}.{tld}"
                        if idna_to_ascii(host)[1]:
                            variants.append((host, script, f"{name}.{tld}"))
        if variants:
            rows.append(variants)
    out: list[tuple[str, str, str]] = []
    for k in range(max((len(v) for v in rows), default=0)):
        for variants in rows:
            if k < len(variants) and len(out) < n:
                out.append(variants[k])
    return out


def rate_lookalikes(fakes: list[tuple[str, str, str]]) -> dict[str, object]:
    from uts58_icu import LinkPolicy, find_links
    from uts58_icu._icu import spoof_checks

    linked = flagged = icu_flagged = punycoded = 0
    missed: list[str] = []
    for host, _script, _orig in fakes:
        base = find_links(host)
        if len(base) != 1 or base[0].text != host:
            continue
        linked += 1
        [link] = find_links(host, policy=LinkPolicy(spoof_check=True))
        if any(c.endswith("confusable") for c in link.spoof):
            flagged += 1
        else:
            missed.append(host)
        if any(spoof_checks(label) for label in host.split(".")):
            icu_flagged += 1
        rec = find_links(host, policy=LinkPolicy.recommended())
        if rec and rec[0].display.startswith("xn--"):
            punycoded += 1
    return {
        "generated": len(fakes), "linked": linked, "flagged_spoof_check": flagged,
        "flagged_icu_check_only": icu_flagged, "punycode_in_recommended": punycoded,
        "missed_examples": missed[:20],
    }


_HOST_IN_TEXT = re.compile(r"[\w.-]*\.[\w.-]+")


def real_idn_hosts(docs: list[str], corpus: str | None) -> dict[str, set[str]]:
    """Non-ASCII real host names by source."""
    import publicsuffixlist

    from uts58_icu._icu import idna_to_ascii, idna_to_unicode

    sources: dict[str, set[str]] = {"psl": set(), "docs": set(), "corpus": set()}
    psl = os.path.join(os.path.dirname(publicsuffixlist.__file__), "public_suffix_list.dat")
    with open(psl, encoding="utf-8") as f:
        for line in f:
            rule = line.strip().lstrip("*.!")
            if rule and not rule.startswith("//"):
                uni, ok = idna_to_unicode(rule)
                if ok and not uni.isascii():
                    sources["psl"].add(uni)

    def scan(path: str, into: set[str]) -> None:
        try:
            with open(path, encoding="utf-8", errors="strict") as f:
                text = f.read(2_000_000)
        except (UnicodeDecodeError, OSError):
            return
        for line in text.splitlines():
            if line.isascii() and "xn--" not in line.lower():
                continue
            scan_line(line, into)

    def scan_line(line: str, into: set[str]) -> None:
        for m in _HOST_IN_TEXT.finditer(line):
            host = m.group().lower().strip(".-")
            if host.isascii() and "xn--" not in host:
                continue
            uni, ok = idna_to_unicode(host)
            if ok and not uni.isascii() and idna_to_ascii(uni)[1] and "." in uni:
                tld = uni.rsplit(".", 1)[-1]
                if tld.isascii() and not tld.isalpha():
                    continue
                into.add(uni)

    for root in docs:
        for dirpath, _dirs, files in os.walk(root):
            for name in files:
                path = os.path.join(dirpath, name)
                if name.endswith((".gz", ".png", ".jpg", ".pdf", ".zip", ".xz", ".bz2")) or os.path.getsize(path) > 2_000_000:
                    continue
                scan(path, sources["docs"])
    if corpus and os.path.isdir(corpus):
        for dirpath, _dirs, files in os.walk(corpus):
            for name in files:
                scan(os.path.join(dirpath, name), sources["corpus"])
    return sources


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--n", type=int, default=1000)
    ap.add_argument("--docs", nargs="*", default=["/work/shared", "/usr/share/doc"])
    corpus = os.path.join(HERE, "realtext", "out", "docs")
    if not os.path.isdir(corpus):
        corpus = "/work/wt-corpus/bench/realtext/out/docs"
    ap.add_argument("--corpus", default=corpus)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)

    from uts58_icu import LinkPolicy, find_links
    from uts58_icu._icu import ICU_VERSION, spoof_checks

    fakes = lookalikes(args.n)
    linked = flagged = icu_flagged = punycoded = 0
    missed: list[str] = []
    for host, _script, _orig in fakes:
        base = find_links(host)
        if len(base) != 1 or base[0].text != host:
            continue
        linked += 1
        [link] = find_links(host, policy=LinkPolicy(spoof_check=True))
        if any(c.endswith("confusable") for c in link.spoof):
            flagged += 1
        else:
            missed.append(host)
        if any(spoof_checks(label) for label in host.split(".")):
            icu_flagged += 1
        rec = find_links(host, policy=LinkPolicy.recommended())
        if rec and rec[0].display.startswith("xn--"):
            punycoded += 1
    by_script = {s: sum(1 for f in fakes if f[1] == s) for s in ("Cyrl", "Grek")}
    domains = len({f[2].split(".")[0] for f in fakes})

    mixed = rate_lookalikes(mixed_lookalikes(args.n))
    sources = real_idn_hosts(args.docs, args.corpus)
    fp: dict[str, dict[str, object]] = {}
    for name, hosts in sources.items():
        flagged_hosts = []
        for host in sorted(hosts):
            links = find_links(host, policy=LinkPolicy(spoof_check=True))
            if links and links[0].text == host and any(
                c.endswith("confusable") for c in links[0].spoof
            ):
                flagged_hosts.append(host)
        fp[name] = {"hosts": len(hosts), "flagged": len(flagged_hosts), "examples": flagged_hosts[:20]}

    result = {
        "icu": ICU_VERSION,
        "lookalikes": {
            "generated": len(fakes), "by_script": by_script, "domains": domains, "linked": linked,
            "flagged_spoof_check": flagged, "flagged_icu_check_only": icu_flagged,
            "punycode_in_recommended": punycoded, "missed_examples": missed[:20],
        },
        "mixed_script_lookalikes": mixed,
        "real_idn_hosts": fp,
    }
    if args.json:
        print(json.dumps(result, ensure_ascii=False, indent=2))
        return 0
    la = result["lookalikes"]
    print(f"ICU {ICU_VERSION}")
    print(f"Look-alikes: {la['generated']} generated ({by_script['Cyrl']} Cyrillic, {by_script['Grek']} Greek) "
          f"from {domains} popular domains; {linked} linked by find_links")
    if linked:
        print(f"  flagged by LinkPolicy(spoof_check=True): {flagged}/{linked} = {flagged / linked:.1%}")
        print(f"  flagged by ICU SpoofChecker.check alone: {icu_flagged}/{linked} = {icu_flagged / linked:.1%}")
        print(f"  shown in Punycode by LinkPolicy.recommended(): {punycoded}/{linked} = {punycoded / linked:.1%}")
    if missed:
        print(f"  missed (first 20): {', '.join(missed[:20])}")
    ml = int(mixed["linked"])  # type: ignore[call-overload]
    print(f"Mixed-script look-alikes (one letter replaced): {mixed['generated']} generated, {ml} linked")
    if ml:
        for key, what in (("flagged_spoof_check", "flagged *-confusable by spoof_check"),
                          ("flagged_icu_check_only", "flagged by ICU SpoofChecker.check alone"),
                          ("punycode_in_recommended", "shown in Punycode by recommended()")):
            k = int(mixed[key])  # type: ignore[call-overload]
            print(f"  {what}: {k}/{ml} = {k / ml:.1%}")
    print("Real IDN hosts (a confusable flag is a false positive unless the host is a look-alike):")
    for name, row in fp.items():
        hosts = int(row["hosts"])  # type: ignore[call-overload]
        rate = f"{int(row['flagged']) / hosts:.2%}" if hosts else "-"  # type: ignore[call-overload]
        print(f"  {name:<7} {hosts:>6} hosts, {row['flagged']} flagged ({rate})"
              + (f": {', '.join(row['examples'])}" if row["examples"] else ""))  # type: ignore[arg-type]
    return 0


if __name__ == "__main__":
    sys.exit(main())
