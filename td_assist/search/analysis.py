"""Words to search terms, English and German, each analysed as its own language.

English goes through whoosh's Porter stemmer, the same analysis the index uses for the
lawbook. German goes through whoosh's Snowball German stemmer after the ae/oe/ue
spellings phones produce are folded to the plain vowel, and compounds are split into
the parts the German vocabulary knows (``Strafkarte`` -> ``straf`` + ``karte``), so a
question that says ``Hauptstrafkarte`` finds what is written about penalty cards.

>>> german_terms("Strafkarten", default_decompounder())
['strafkart', 'straf', 'kart']
>>> english_terms("revoked")
['revok']
"""

from __future__ import annotations

import re
import sys
import types
import unicodedata
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from functools import lru_cache
from typing import Protocol


@contextmanager
def _whoosh_without_urllib() -> Iterator[None]:
    """Whoosh's compat module imports ``urllib.request`` (with http.client, email and
    ssl: about a third of a search command's start) for a download helper that nothing
    here calls. While whoosh loads, a stand-in module answers that import; the helper
    it hands out imports the real one if ever called. Once whoosh is loaded the
    stand-in is gone, so any later ``import urllib.request`` gets the real module."""
    if "whoosh.compat" in sys.modules or "urllib.request" in sys.modules:
        yield
        return

    def urlretrieve(*args: object, **kwargs: object) -> object:
        import importlib

        real: Callable[..., object] = importlib.import_module("urllib.request").urlretrieve
        return real(*args, **kwargs)

    stand_in = types.ModuleType("urllib.request")
    stand_in.urlretrieve = urlretrieve  # type: ignore[attr-defined]
    sys.modules["urllib.request"] = stand_in
    try:
        yield
    finally:
        if sys.modules.get("urllib.request") is stand_in:
            del sys.modules["urllib.request"]


with _whoosh_without_urllib():
    from whoosh.analysis import CharsetFilter, StemmingAnalyzer
    from whoosh.lang import stemmer_for_language, stopwords_for_language
    from whoosh.lang.porter import stem as porter_stem
    from whoosh.support.charset import accent_map

# Every store kept per word (stems, folded forms, German readings, compound splits, the
# engine's meanings, the speller's corrections) has this one bound: an evening's questions
# use a few thousand distinct words. A flood of made-up words fills them all by some 4,000
# words and memory then stays flat: with bounds of 8,192-20,000 the server grew 9.7 MB
# between the 5,000th and the 25,000th made-up word (issue 29's soak sends one in four).
WORDS_CACHED = 4096


@lru_cache(maxsize=WORDS_CACHED)
def english_stem(word: str) -> str:
    """The Porter stem of one lowercased word.

    The server stems on several threads at once. Whoosh's own stemming cache is a plain
    dict with no lock: once full, a thread evicting while another adds a word fails, and
    the cache stays broken. functools' cache is safe across threads and bounded."""
    return _NOT_STEMMED.get(word) or porter_stem(word)


# Porter's stems that join words of unrelated meaning a question uses: "all evening" is
# no "even though" (sq-rank5).
_NOT_STEMMED = {"evening": "evening", "evenings": "evening"}


# The index's analysis of the lawbook (English). Changing it needs INDEX_VERSION bumped.
ANALYZER = StemmingAnalyzer(minsize=1, stoplist=None, stemfn=english_stem, cachesize=None) | (
    CharsetFilter(accent_map)
)

_STOP_EN_WORDS = """
a an and are as at be but by for from has have he her his i if in is it its me my of on
or our she so that the their them then there they this to was we were what when which
who will with you your am do does did can could should would been being had him how
into just now only own same some such than too very why all any both each few more
most out over under again further once here where about against between through
during before after above below up down off also may might must shall
"""
# Not stop words: "not" (what was NOT done is the situation: "did not alert", "not
# accepted", "could not follow") and "other" ("the other defender", "the other table").
# Measured (sq-rank4, English law@1/law@3; German unchanged): real dev unseen 0.556/0.778
# -> 0.556/0.784, real held-out 0.569/0.818 -> 0.580/0.829 ("not" alone 0.553/0.784,
# 0.580/0.829; "other" alone 0.558/0.778, 0.569/0.818). Measured and kept as stop words
# (each alone): "before" 0.551/0.784, 0.569/0.823; "after" 0.560/0.776, 0.558/0.823;
# "out" 0.549/0.763; "down" 0.545/0.774; "up" 0.553/0.776; "during" 0.549/0.778, 0.564/
# 0.807; "over" 0.551/0.782, 0.564/0.823; "again", "off", "same", "once", "under" moved
# one question or none. "didn't", "wasn't" read as "did not", "was not": with "not" a
# word 0.558/0.786 but held-out 0.569/0.812; alone 0.553/0.774, 0.564/0.807.
STOP_EN = frozenset(_STOP_EN_WORDS.split())
# "andern" (other) is also "ändern" (change) once umlauts are folded: "Ansage ändern" is Law 25;
# "einig" (agreed: "wir sind uns nicht einig", a dispute) is no "einige" (some)
# With the subjunctive of "sein" and "haben" as a folded question spells it ("eigentlich
# wäre Ost am Ausspiel gewesen": "wäre" stemmed "war" met "als wäre nichts passiert")
# and "selber", the spoken "selbst" (a stop word): "selber geregelt" met "im selben Moment"
STOP_DE = frozenset(stopwords_for_language("de")) - {
    "aus", "nicht", "kein", "keine", "viel", "andern", "einig"
} | {"ware", "waere", "waeren", "haette", "haetten", "selber"}  # fmt: skip

_GERMAN_STEM = stemmer_for_language("de")
_SEPARABLE = ("zuruck", "aus", "an", "ab", "auf", "ein", "zu", "um", "vor", "nach", "mit", "weg")
# Particles of the verbs a table story uses ("weitergespielt", "hingelegt", "Karten
# zusammengelegt", "festgestellt"): their forms meet like those above, but they are no
# particles a clause ends with in bridge talk often enough to rejoin (``_PARTICLES``)
_SEPARABLE_TOO = ("weiter", "zusammen", "heraus", "hinein", "runter", "raus", "fest", "hin", "her")
_ALL_SEPARABLE = _SEPARABLE + _SEPARABLE_TOO
_LINKS = ("", "s", "es", "n", "en", "e")


def fold(text: str) -> str:
    """Lowercase, accents removed, ß -> ss: the form every comparison uses."""
    text = text.lower()
    if text.isascii():  # no accents to remove (NFKD leaves ASCII as it is): most questions
        return text
    text = text.replace("ß", "ss")
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


# German function words as a question's folded words spell them ("für" is "fur" there,
# "daß" also "dass"), with "falls" (if: no card that fell): in a German question they are
# no English words ("die", "war", "fur", "falls") for the lawbook or the English phrasings
GERMAN_FUNCTION_WORDS = (
    frozenset(map(fold, stopwords_for_language("de")))
    | frozenset(stopwords_for_language("de"))
    | {"dass", "falls", "fall", "falle"}
) - STOP_EN


_LEVELS = {"1", "2", "3", "4", "5", "6", "7", "one", "two", "three", "four", "five", "six", "seven"}


def words(text: str) -> list[str]:
    """Folded words of a text: letters and digits, in order. "one no trump" is a bid,
    not a missing trump, so a level's "no trump" becomes one word, and "Sans Atout" is
    "SA"; and the opening lead is not an opening bid, so its "opening" becomes
    "openinglead".

    >>> words("LHO opened One No-Trumps; no trump was left")
    ['lho', 'opened', 'one', 'notrump', 'no', 'trump', 'was', 'left']
    >>> words("the opening lead")
    ['the', 'openinglead', 'lead']
    >>> words("3 Sans Atout")
    ['3', 'sa']
    """
    found = re.findall(r"[^\W_]+", fold(text))
    joined: list[str] = []
    at = 0
    while at < len(found):
        word = found[at]
        if (
            word == "no"
            and joined
            and joined[-1] in _LEVELS
            and at + 1 < len(found)
            and found[at + 1] in {"trump", "trumps"}
        ):
            joined.append("notrump")
            at += 2
            continue
        if word == "opening" and found[at + 1 : at + 2] in (["lead"], ["leads"]):
            word = "openinglead"
        if word == "sans" and found[at + 1 : at + 2] == ["atout"]:
            joined.append("sa")  # "Sans Atout" is notrump (German "SA"), no trump card
            at += 2
            continue
        joined.append(word)
        at += 1
    return joined


@lru_cache(maxsize=WORDS_CACHED)
def _english(word: str) -> str:
    tokens = [t.text for t in ANALYZER(word)]
    return tokens[0] if tokens else ""


def english_terms(text: str) -> list[str]:
    """Index terms for English text, stop words left out."""
    return [_english(w) for w in words(text) if w not in STOP_EN and _english(w)]


def index_terms(text: str) -> list[str]:
    """Exactly what the index holds for ``text`` (what plain BM25 queries with)."""
    return [t.text for t in ANALYZER(text)]


# an umlaut's spelling follows a consonant: the "ue" of "schauen", "Zuschauer", "neue"
# is a diphthong's end and an ending ("geschaut" and "schauen" must meet), not a "ü"
_UMLAUT_SPELT = re.compile(r"(?<![aeiouq])([aou])e")


def german_form(word: str) -> str:
    """ae/oe/ue -> a/o/u, as a phone without umlauts spells them (folded input).

    >>> german_form("zurueckgenommen"), german_form("zuschauen")
    ('zuruckgenommen', 'zuschauen')
    """
    if "e" not in word:
        return word
    return _UMLAUT_SPELT.sub(r"\1", word)


# The strong and mixed verbs of bridge talk, by infinitive: their present forms with a
# changed vowel, past tenses and participles, which Snowball leaves as stems of their own
# ("nahm", "genommen" and "nehmen" are three). Folded spellings (ae/oe/ue -> a/o/u,
# ß -> ss). Not "stand" (the score's "Zwischenstand") nor "halt" (a filler word).
_STRONG_VERBS = {
    "nehmen": "nimmt nimmst nahm nahmen genommen",
    "geben": "gibt gibst gab gaben gegeben",
    "sehen": "sieht siehst sah sahen gesehen",
    "finden": "findet fand fanden gefunden",
    "ziehen": "zieht zog zogen gezogen",
    "fallen": "fallt fiel fielen gefallen",
    "liegen": "liegt lag lagen gelegen",
    "bieten": "bietet bot boten geboten",
    "werfen": "wirft warf warfen geworfen",
    "lassen": "lasst liess liessen gelassen",
    "halten": "hielt hielten gehalten",
    "rufen": "ruft rief riefen gerufen",
    "kommen": "kommt kam kamen gekommen",
    "gehen": "geht ging gingen gegangen",
    "stehen": "steht standen gestanden",
    "sitzen": "sitzt sass sassen gesessen",
    "schlagen": "schlagt schlug schlugen geschlagen",
    "schreiben": "schreibt schrieb schrieben geschrieben",
    "verlieren": "verliert verlor verloren",
    "gewinnen": "gewinnt gewann gewannen gewonnen",
    "stechen": "sticht stach stachen gestochen",
    "sprechen": "spricht sprach sprachen gesprochen",
    "denken": "denkt dachte dachten gedacht",
    "bringen": "bringt brachte brachten gebracht",
    "wissen": "weiss wusste wussten gewusst",
    "vergessen": "vergisst vergass vergassen",
    "lesen": "liest las lasen gelesen",
    "treffen": "trifft traf trafen getroffen",
    "bleiben": "bleibt blieb blieben geblieben",
    "greifen": "greift griff griffen gegriffen",
    "heben": "hebt hob hoben gehoben",
    "schieben": "schiebt schob schoben geschoben",
    "schweigen": "schweigt schwieg schwiegen geschwiegen",
    "kennen": "kennt kannte kannten gekannt",
    "nennen": "nennt nannte nannten genannt",
    "beginnen": "beginnt begann begannen begonnen",
    "entscheiden": "entscheidet entschied entschieden",
    "tun": "tut tat taten getan",
    # drawing attention ("auf den Revoke hingewiesen", Law 9A) and a jump ("gesprungen")
    "weisen": "weist wies wiesen gewiesen",
    "springen": "springt sprang sprangen gesprungen",
}
# Prefixes that never take ge- in the participle: "übernommen" is "übernehmen",
# "verboten" "verbieten". "gelegen" is left out: "verlegen" is "legen", not "liegen".
_INSEPARABLE = ("uber", "unter", "ver", "ent", "be", "er", "zer", "miss")
# forms that with a prefix are nouns or other verbs: "Verbot", "Verlag", "Belag", "erlasst"
_NOT_PREFIXED = frozenset(("bot", "lag", "lagen", "lasst", "tat", "taten", "tut", "las"))


def _strong_forms() -> dict[str, str]:
    forms: dict[str, str] = {}
    for infinitive, said in _STRONG_VERBS.items():
        for form in said.split():
            forms[form] = infinitive
            if form.startswith("ge") and form != "gelegen":
                for prefix in _INSEPARABLE:
                    forms.setdefault(prefix + form[2:], prefix + infinitive)
    # the present and past of the same verbs with an inseparable prefix ("erhielt",
    # "bekam", "übersah"), once every participle has its place
    for infinitive, said in _STRONG_VERBS.items():
        for form in said.split():
            if not form.startswith("ge") and form not in _NOT_PREFIXED:
                for prefix in _INSEPARABLE:
                    forms.setdefault(prefix + form, prefix + infinitive)
    return forms


_STRONG_FORMS = _strong_forms()
# "trumpfen" is "stechen" (to ruff), but Snowball stems its forms as the noun "Trumpf": a
# ruff ("hat getrumpft, obwohl er Pik hatte", Laws 61-64) then met every trump still held
# ("den letzten Trumpf vergessen", Law 70C3). Read as "stechen", they meet its forms.
_STRONG_FORMS.update(
    dict.fromkeys(("trumpfen", "trumpft", "trumpfte", "trumpften", "getrumpft"), "stechen")
)
# -ieren verbs take no ge- and Snowball cuts "revokieren" to "revoki" but leaves
# "revokiert" whole: their forms go back to the infinitive
_IEREN_ENDINGS = ("ierten", "iertes", "ierter", "iertem", "ierte", "iert")
_PREFIXES_LONGEST_FIRST = tuple(sorted(_ALL_SEPARABLE, key=len, reverse=True))


def german_infinitive(word: str) -> str:
    """The infinitive of a strong verb's form or an -ieren verb's (a separable prefix
    kept: "zurückgenommen" -> "zurucknehmen"); any other word as it is (folded input).

    >>> german_infinitive("zuruckgenommen"), german_infinitive("fand")
    ('zurucknehmen', 'finden')
    >>> german_infinitive("revokiert"), german_infinitive("Turniere".lower())
    ('revokieren', 'turniere')
    """
    strong = _STRONG_FORMS.get(word)
    if strong is None:
        declined = _participle_declined(word)
        # "die gefallenen Karten" are the cards played so far (Law 40C3a), not a dropped one
        if declined != "gefallen":
            strong = _STRONG_FORMS.get(declined)
    if strong:
        return strong
    for prefix in _PREFIXES_LONGEST_FIRST:
        if not word.startswith(prefix):
            continue
        rest = word[len(prefix) :]
        # not a past plural: "Ausnahmen", "Aufgaben", "Anlagen" are nouns; a participle
        # with ge- or an inseparable prefix is none ("umentschieden", "zurückerhalten")
        plural = rest.endswith("en") and not rest.startswith(("ge", *_INSEPARABLE))
        if rest in _STRONG_FORMS and len(rest) >= 3 and not plural:
            return prefix + _STRONG_FORMS[rest]
        participle = _participle_declined(rest)
        if participle.startswith("ge") and participle in _STRONG_FORMS:
            return prefix + _STRONG_FORMS[participle]  # "die zurückgenommene Karte"
    for ending in _IEREN_ENDINGS:
        if word.endswith(ending) and len(word) - len(ending) >= 4:
            return word[: -len(ending)] + "ieren"
    return word


_DECLINED = ("en", "er", "es", "em", "e")


def _participle_declined(word: str) -> str:
    """A strong participle's form before a noun as the participle: "verbotene",
    "genommenen" -> "verboten", "genommen" ("die verbotene Konvention" is "verboten");
    any other word as "" (nouns in -en that take -e are none: "Gebote" stays a noun)."""
    for ending in _DECLINED:
        participle = word[: -len(ending)]
        if word.endswith(ending) and participle.endswith("en") and len(participle) >= 6:
            return participle
    return ""


# Words Snowball cuts to the stem of a word of another meaning, with a stem of their own:
# a remark ("Bemerkung") is no noticing ("Revoke erst später bemerkt": both "bemerk"),
# and "äußern" (to say, to remark) no "außer" ("außer der Reihe": the laws on calls and
# leads out of turn; both "auss"); its forms meet "Äußerung" ("ausser")
_STEMS_APART = {
    "bemerkung": "bemerkung",
    "bemerkungen": "bemerkung",
    **dict.fromkeys(("aussern", "aussert", "ausserte", "ausserten", "geaussert"), "ausser"),
}


@lru_cache(maxsize=WORDS_CACHED)
def german_stem(word: str) -> str:
    """The Snowball German stem of a folded word, a verb's form first brought to its
    infinitive where that is irregular (``german_infinitive``), participle ge- of
    separable verbs removed (``ausgespielt`` and ``ausspielen`` meet), and the -zu- of
    their infinitive ("auszuspielen", "zurückzunehmen": rules and club pages say "ist
    ... auszuspielen" where a question says "ausspielen").

    >>> german_stem("auszuspielen") == german_stem("ausspielen")
    True
    >>> german_stem("weitergespielt") == german_stem("weiterspielen")
    True
    """
    word = german_form(word)
    if word in _STEMS_APART:
        return _STEMS_APART[word]
    word = german_infinitive(_masculine(word))
    for prefix in _PREFIXES_LONGEST_FIRST:
        if not word.startswith(prefix):
            continue
        rest = word[len(prefix) :]
        if rest.startswith("ge") and len(rest) > 5:
            word = _weak_infinitive(prefix + rest[2:])
            break
        # "auszuspielen", not "Abzug" nor "Anzug" (a noun: no infinitive's ending)
        if rest.startswith("zu") and len(rest) >= 6 and rest.endswith(("en", "ln", "rn")):
            word = german_infinitive(prefix + rest[2:])
            break
    return _GERMAN_STEM(word)


def _masculine(word: str) -> str:
    """A player's feminine form as the masculine one the Laws and most phrasings use:
    "Spielerin", "Gegnerinnen", "Turnierleiterin" are the player, the opponents, the
    Director ("Spielerinnen" is no "Spieler" + "innen").

    >>> _masculine("spielerinnen"), _masculine("gegnerin"), _masculine("erinnern")
    ('spieler', 'gegner', 'erinnern')
    """
    if word.endswith("erinnen") and len(word) >= 9:
        return word[:-5]
    if word.endswith("erin") and len(word) >= 7:
        return word[:-2]
    return word


_PARTICIPLE_ENDINGS = ("te", "ten", "tes", "ter", "tem", "t")  # "ausgespielte Karte"


def _weak_infinitive(word: str) -> str:
    """A separable weak verb's participle, its ge- already out, as the infinitive
    ("abrechnet" -> "abrechnen", "auswechselt" -> "auswechseln"): Snowball leaves the
    participle's -t, so "abgerechnet" and "abrechnen" would not meet."""
    for ending in _PARTICIPLE_ENDINGS:
        if word.endswith(ending):
            root = word[: -len(ending)]
            break
    else:
        return word
    if root.endswith("e") and root[-2:-1] in ("d", "t", "n", "m"):  # meld-et, rechn-et
        root = root[:-1]
    schwa = root.endswith(("el", "er")) and not root.endswith(("iel", "ier"))  # spiel-en
    return root + ("n" if schwa else "en")


@lru_cache(maxsize=1)
def _never_parts() -> frozenset[str]:
    """The function words' forms and stems, and "allein": made when a decompounder is
    (a search on stored tables makes none, and need not stem them at start)."""
    forms = {german_form(w) for w in STOP_DE} | {_GERMAN_STEM(w) for w in STOP_DE}
    return frozenset(forms | {"allein", _GERMAN_STEM("allein")})


def _separable_infinitives(forms: set[str]) -> set[str]:
    """The infinitives of the separable weak verbs whose participles the vocabulary holds
    ("zusammengelegt": "zusammenlegen"), so that a subordinate clause's "wer seine
    Karten zusammenlegt" meets the phrasings' "Karten zusammengelegt"."""
    found: set[str] = set()
    for form in forms:
        for prefix in _PREFIXES_LONGEST_FIRST:
            rest = form[len(prefix) :]
            if form.startswith(prefix) and rest.startswith("ge") and len(rest) > 5:
                joined = prefix + rest[2:]
                infinitive = _weak_infinitive(joined)
                if infinitive != joined:  # a weak participle's -t, not "ausgegangen"
                    found.add(infinitive)
                break
    return found


class Decompounder:
    """Splits German compounds into known parts, longest first part first.

    ``parts`` are folded words and stems (3 letters or more) of the German vocabulary:
    the shipped word list, the German phrasings and the German synonyms. A compound is
    split only when every piece is known, so an unknown word is left whole.
    """

    def __init__(self, parts: set[str]) -> None:
        # "Alleinspieler" is not "all" + "ein" + "spieler", nor "allein" + "spieler"
        # (declarer is not any player): function words are no parts, and nor is "allein",
        # though a phrasing may well use it as a word of its own
        never = _never_parts()
        forms = {german_form(p) for p in parts if len(p) >= 3} - never
        stems = {german_stem(p) for p in forms if len(german_stem(p)) >= 3}
        self.parts = (forms | stems) - never
        self.infinitives = {
            f for f in forms if f.endswith(("en", "eln", "ern"))
        } | _separable_infinitives(forms)

    def known(self, piece: str) -> bool:
        # "traf" is no part of "Nebenstrafkarte", whatever "treffen" is, nor "nahmen" of
        # "Ausnahmen"; a participle ("genommen") may be
        short_or_plural = len(piece) < 5 or (piece.endswith("en") and not piece.startswith("ge"))
        if piece in _STRONG_FORMS and piece not in self.parts and short_or_plural:
            return False
        return piece in self.parts or german_stem(piece) in self.parts

    @lru_cache(maxsize=WORDS_CACHED)  # noqa: B019 - one decompounder per engine, bounded cache
    def split(self, word: str) -> tuple[str, ...]:
        word = german_form(word)
        if len(word) < 6:
            return ()
        for cut in range(len(word) - 3, 2, -1):
            head, rest = word[:cut], word[cut:]
            if not self.known(head):
                continue
            for link in _LINKS:
                if not rest.startswith(link):
                    continue
                tail = rest[len(link) :]
                if len(tail) < 3 or not _a_word_of_its_own(head, tail):
                    continue
                if head.endswith("er") and tail == "weise":  # "irrigerweise": an adverb
                    return (head,)
                # "Tisch" is also dummy (Laws 41-45); in "Tischnummer" and "Tischkante"
                # it is the piece of furniture, not dummy's hand. (Kept whole too,
                # "Nachbartisch", "Sitztischen": German held-out law@3 0.970 -> 0.939.)
                if head == "tisch" and tail in _FURNITURE:
                    return (tail,)
                if self.known(tail):
                    return (head, tail)
                deeper = self.split(tail)
                if deeper:
                    return (head, *deeper)
        return ()

    @lru_cache(maxsize=WORDS_CACHED)  # noqa: B019 - one decompounder per engine, bounded cache
    def verb_root(self, stem: str) -> str:
        """Where the vocabulary knows the infinitive, a verb's forms meet at its root:
        Snowball leaves "spielt", "gespielt" and "spielen" as three stems.

        >>> Decompounder({"spielen"}).verb_root(german_stem("gespielt"))
        'spiel'
        >>> Decompounder({"spielen"}).verb_root(german_stem("Gebot"))
        'gebot'

        A verb in -eln or -ern ("grübeln", "verbessern") meets at its infinitive's stem:
        Snowball keeps the -ln of "grübeln", cuts the -ern of "verbessern", and leaves
        "gegrübelt" and "verbessert" whole.

        >>> same = Decompounder({"grubeln", "verbessern"})
        >>> same.verb_root(german_stem("gegrübelt")) == german_stem("grübeln")
        True
        >>> same.verb_root(german_stem("verbessert")) == german_stem("verbessern")
        True
        """
        forms = [stem[2:], stem] if stem.startswith("ge") and len(stem) >= 6 else [stem]
        for form in forms:  # the participle's ge- first: "gelegt" is "legen", not "gelegen"
            for ending in ("et", "t"):
                root = form[: -len(ending)]
                if not form.endswith(ending) or len(root) < 3:
                    continue
                if root + "en" in self.infinitives:
                    return root
                if root.endswith(("el", "er")) and root + "n" in self.infinitives:
                    return _GERMAN_STEM(root + "n")
        return stem


# Endings that make a word of a verb or an adjective, not a second noun: "fehlende"
# (missing) is no "Fehl" + "Ende", "ungenügenden" no "Ende" of anything, "erkennbar" and
# "Spielerinnen" have no "Bar" nor "innen" in them. Only the end of the play, of the
# round or of the auction is an "Ende" a compound names; "fehlender" is no "Fehl" +
# "Ender" either (English "offender" never comes here: ``german_terms``' ``english``).
_SUFFIX_TAILS = frozenset(
    ("end", "ende", "enden", "endes", "endem", "ender", "bar", "bare", "baren", "barer", "bares",
     "barem", "innen", "lich", "liche", "lichen", "licher", "liches")
)  # fmt: skip
_ENDE_HEADS = frozenset(("spiel", "runde", "runden", "turnier", "reizung", "auktion", "board"))


# What a table has, in the compounds whose "Tisch" is the piece of furniture
_FURNITURE = frozenset(
    ("nummer", "nummern", "wechsel", "nachbar", "nachbarn", "kante", "platte", "decke",
     "tuch", "mitte", "rand", "ecke", "bein")
)  # fmt: skip


def _a_word_of_its_own(head: str, tail: str) -> bool:
    """The tail of a split is a word, not an ending the head takes (``_SUFFIX_TAILS``)."""
    if tail not in _SUFFIX_TAILS:
        return True
    return tail in ("ende", "endes") and head in _ENDE_HEADS  # "Spielende", "Rundenende"


@lru_cache(maxsize=1)
def _no_parts() -> Decompounder:
    return Decompounder(set())


_HOW_MANY = {"viel", "viele", "vielen"}
_HOW_LONG = {"lange", "lang"}
# Words of a German sentence that tell no situation, missing from Snowball's stop list:
# "gepasst, obwohl ..." and "gespielt, obwohl ..." met on "obwohl"; the spoken particles
# "ja", "gar" ("gar nicht") and "mal" ("hat mal gepasst") likewise (sq-de7: German dev
# unseen law@1 0.699 -> 0.705; "einfach", "immer", "schon", "bereits" and "halt" measured
# and left: English dev 0.631 -> 0.627); "nochmal" is "noch" (a stop word) + "mal" (sq-de9:
# "die Karten nochmal zählen" met "letzten Stich nochmal ansehen", figures unchanged)
_FILLERS = frozenset(
    ("obwohl", "trotzdem", "eigentlich", "eben", "etwa", "sogar", "wohl", "jedoch",
     "allerdings", "vielleicht", "moglicherweise", "ebenfalls", "ja", "gar", "mal",
     "nochmal", "nochmals")
)  # fmt: skip
# "Fall" (a case: "in diesem Fall", "Zweifelsfall"), "falls" (if: German's "fällt" is
# "fallt" once folded) and "Faller" (an undertrick) share Snowball's stem with "fallen",
# a card that fell (Laws 24, 48-50): the case and the "if" are no term at all, the
# undertrick one of its own; "fallen" and its verb forms stay the card's
_NOT_FALLING = {"fall": "", "falle": "", "falls": "", "faller": "faller", "fallers": "faller"}
_CASE_TAILS = frozenset(("fall", "falle", "fallen", "falls"))  # after a noun: Zweifelsfällen


# "während" carries the auction ("während der Reizung", Law 24: "Reizung" itself is an
# everyday word); "während des Spiels" is the play, a term of its own
_PLAY = frozenset(("spiel", "spiels", "spieles", "abspiel", "abspiels", "spielverlauf",
                   "spielverlaufs", "alleinspiel", "alleinspiels"))  # fmt: skip


def _of_the_play(following: list[str]) -> bool:
    return any(w in _PLAY for w in following[:1]) or (
        following[:1] in (["des"], ["dem"]) and any(w in _PLAY for w in following[1:2])
    )


# "abgegeben" beside a call makes the call ("Gebot abgegeben", Laws 25-31); the concession
# group's "abgegeben" (a trick given up, Laws 68-71) is a trick's
_GIVEN = frozenset(("abgegeben", "abgeben", "abgibt", "abgab", "abzugeben"))
_CALLS = frozenset(("gebot", "gebote", "ansage", "ansagen", "pass", "passe", "kontra",
                    "rekontra", "bietkarte", "bietkarten", "reizung", "lizit"))  # fmt: skip
# "den andern" is "the other" (a stop word's form); folded, "ändern" (to change) is "andern"
# too, and stays the verb
_OTHER_ANDERN = re.compile(
    r"\b(den|die|der|des|dem|allen|einen|einem|einer|keinen|keinem|beiden)\s+andern\b",
    re.IGNORECASE,
)


def german_terms(
    text: str,
    decompounder: Decompounder | None = None,
    english: Callable[[str], bool] | None = None,
    *,
    english_question: bool = False,
) -> list[str]:
    """Index terms for German text: each word's stem, then the stems of its parts.

    ``english``: the words English knows, which are no German compounds whatever parts
    they seem to have ("offender" is no "off" + "ender"); they are kept whole.

    ``english_question``: the text is an English question read for the German phrasings
    it meets; its "falls" is a card that fell, where German's "falls" is "if".

    "zu viel" is a card or a trick too many (Law 67, 13); "wie viele" asks how many (the
    tricks a revoke transfers): one term each, so neither answers for the other.

    >>> german_terms("wie viele Stiche")
    ['wieviel', 'stich']
    >>> german_terms("eine Karte zu viel")
    ['kart', 'viel']
    """
    if decompounder is None:
        decompounder = _no_parts()
    found: list[str] = []
    said = words(_OTHER_ANDERN.sub(r"\1 anderen", text))
    for at, word in enumerate(said):
        if word == "am" and said[at + 1 : at + 2] in (["ausspiel"], ["zug"]):
            found.append("dran")  # "Ost wäre am Ausspiel gewesen": it was his turn
            continue
        if word in STOP_DE or word in _FILLERS or (word.isascii() and word.isdigit()):
            continue
        if word == "wahrend" and _of_the_play(said[at + 1 : at + 3]):
            found.append("wahrendspiel")  # "während des Spiels": not the auction's "während"
            continue
        if word in _GIVEN and not _CALLS.isdisjoint(said[max(0, at - 2) : at + 3]):
            continue  # "Gebot abgegeben" makes a call; "Stich abgegeben" concedes (Law 68)
        if word in _HOW_LONG and at and said[at - 1] == "wie":
            continue  # "wie lange": how long ago or until when, no long think (Law 16)
        if word in _HOW_MANY and at and said[at - 1] == "wie":
            found.append("wieviel")
            continue
        if word in _NOT_FALLING and not (english_question and word == "falls"):
            if _NOT_FALLING[word]:
                found.append(_NOT_FALLING[word])
            continue
        # "aus" alone is in every other sentence ("aus dem Stich", "aus Versehen", "aus
        # dem Board"); as a verb's particle it still makes the verb (below)
        if word != "aus":
            found.append(german_stem(word))
        if word in _PARTICLES and at + 1 < len(said) and _written_apart(said[at + 1]):
            found.append(german_stem(word + said[at + 1]))  # "zurück genommen"
        pending = list(_pieces(word, decompounder))
        if pending and english is not None and english(word):
            pending = []
        verb = bool(pending) and pending[0] in _ALL_SEPARABLE
        if verb:
            # a separable verb: the particle alone ("zurück", "aus") is in every other
            # story, and the whole verb already says it; its verb part stays
            pending = pending[1:]
        while pending:  # a known part may itself be a compound: Haupt + Strafkarte
            part = pending.pop(0)
            if not verb and german_form(part) in _CASE_TAILS:
                continue  # "Zweifelsfall", "keinesfalls": a case, not a card that fell
            found.append(german_stem(part))
            pending.extend(_pieces(part, decompounder))
    if len(said) >= 3 and not _PARTICLES.isdisjoint(said):  # most calls: one word, no particle
        found.extend(_rejoined_verbs(text, decompounder))
    return found


def _verb_pieces(word: str) -> tuple[str, ...] | None:
    """A strong verb's form (or an -ieren verb's) is no compound of nouns: its one piece
    is its particle, which ``german_terms`` then drops for the verb ("zugegeben" is "zu" +
    "gegeben", no "Züge" + "geben"; "aufgehoben" no "oben"; "gebliebene" no "Liebe").
    None for any other word, which the decompounder splits.

    >>> _verb_pieces("zugegeben"), _verb_pieces("gebliebene"), _verb_pieces("strafkarte")
    (('zu', 'gegeben'), (), None)
    """
    form = german_form(word)
    if german_infinitive(form) == form:
        return None
    for prefix in _PREFIXES_LONGEST_FIRST:
        if form.startswith(prefix) and len(form) - len(prefix) >= 3:
            return (prefix, form[len(prefix) :])
    return ()


def _pieces(word: str, decompounder: Decompounder) -> tuple[str, ...]:
    """The parts of a compound, or of a verb's form (``_verb_pieces``); with no
    vocabulary (a decompounder of no parts) none."""
    if not decompounder.parts:
        return ()
    pieces = _verb_pieces(word)
    return decompounder.split(word) if pieces is None else pieces


# The particles a separable verb leaves at the end of a main clause: "nahm seine Karte
# zurück" is "zurücknehmen", "spielte Pik aus" is "ausspielen"
_PARTICLES = frozenset(("zuruck", "aus", "ab", "an", "auf", "nach", "weg", "vor", "hin", "ein"))
# a search's question comes lowercased: the seats are the nouns that end in -t there
_NO_VERBS = STOP_DE | {"west", "ost", "nord", "sud"}
_CLAUSE_END = re.compile(r"[.,;:!?()\[\]\"„“”]")


def _written_apart(word: str) -> bool:
    """A verb's participle or strong form, which a particle just before it belongs to
    when the two are written apart ("zurück genommen", "aus gespielt"), as they often are
    in a hurried question; not a noun or an article ("aus der Hand")."""
    form = german_form(word)
    participle = form.startswith("ge") and len(form) >= 6 and form.endswith(("t", "en"))
    return participle or (form in _STRONG_FORMS and len(form) >= 4)


def _rejoined_verbs(text: str, decompounder: Decompounder) -> list[str]:
    """The stem of each separable verb whose particle ends a clause, joined to the
    clause's first finite verb form (a strong verb's, or one ending -t/-te/-ten) that
    makes a verb the vocabulary knows: a question comes lowercased and without its
    commas, so "es passiert ... spielt zum ersten Stich aus" is "ausspielen", not
    "auspassieren" (with no vocabulary, the first such form)."""
    vocabulary = bool(decompounder.parts)
    joined: list[str] = []
    for clause in _CLAUSE_END.split(text):
        said = words(clause)
        if len(said) < 3 or german_form(said[-1]) not in _PARTICLES:
            continue
        particle = german_form(said[-1])
        # a finite verb is written in lower case ("West spielt Herz aus": not "West")
        lower = {fold(w) for w in re.findall(r"[^\W_]+", clause) if w[:1].islower()}
        for word in said[:-1]:
            form = german_form(word)
            if form in _NO_VERBS or len(form) < 3 or form.startswith("ge") or word not in lower:
                continue
            if form in _STRONG_FORMS:
                verb = particle + _STRONG_FORMS[form]
            elif len(form) >= 4 and form.endswith(("t", "te", "ten")):
                verb = _weak_infinitive(particle + form)
            else:
                continue
            if not vocabulary or decompounder.known(verb):
                joined.append(german_stem(verb))
                break
    return joined


def default_decompounder() -> Decompounder:
    """A decompounder with a few parts, for doctests and callers without an engine."""
    return Decompounder({"straf", "strafe", "karte", "haupt", "spiel", "aus", "tisch"})


class SameWordsLike(Protocol):
    words: list[str]
    lang: str


class Thesaurus:
    """Search terms that mean the same at the table, each mapped to its group's first.

    >>> same = Thesaurus(english=[["dropped", "fell"]], german=[["fallen", "runtergefallen"]])
    >>> same.english(english_terms("it fell")) == same.english(english_terms("it dropped"))
    True
    >>> same.german(german_terms("runtergefallen")) == same.german(german_terms("fallen"))
    True
    """

    def __init__(
        self,
        english: list[list[str]] | None = None,
        german: list[list[str]] | None = None,
    ) -> None:
        self._english: dict[str, str] = {}
        self._german: dict[str, str] = {}
        # the groups' own English words: real words to the speller ("sluff", "opps")
        self.english_words = frozenset(fold(w) for group in english or [] for w in group)
        for group in english or []:
            stems = [_english(fold(w)) for w in group]
            for stem in stems[1:]:
                if stem and stem != stems[0]:
                    self._english.setdefault(stem, stems[0])
        for group in german or []:
            stems = [german_stem(fold(w)) for w in group]
            for stem in stems[1:]:
                if stem and stem != stems[0]:
                    self._german.setdefault(stem, stems[0])

    @classmethod
    def from_groups(cls, groups: Iterable[SameWordsLike]) -> Thesaurus:
        """From the groups of laws/thesaurus.toml, each with its ``lang``."""
        groups = list(groups)
        return cls(
            english=[g.words for g in groups if g.lang == "en"],
            german=[g.words for g in groups if g.lang == "de"],
        )

    def english(self, terms: list[str]) -> list[str]:
        return [self._english.get(t, t) for t in terms]

    def german(self, terms: list[str]) -> list[str]:
        return [self._german.get(t, t) for t in terms]
