"""BM25 scoring: over the whoosh postings of the law text, and over the phrasings.

Whoosh stores and reads the index; scoring a few hundred sections in memory takes about
a millisecond, where whoosh's general matcher machinery took ten. Postings are read once
and kept, but only for terms the index holds: a word the lawbook does not contain costs
a dictionary look-up and leaves nothing behind, so the cache can never grow past the
index's vocabulary, whatever people type.
"""

from __future__ import annotations

import math
from array import array
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from td_assist.kept import Kept

if TYPE_CHECKING:  # a search needs no whoosh index open (see ContentScorer)
    from whoosh.reading import IndexReader

K1, B = 1.2, 0.5
RARE_IDF = 2.5  # idf from which a term counts fully as evidence in a phrasing
# A phrasing of two or more words that are exactly the question's words ("two cards
# played at once") is the situation itself, not one word shared with a long question.
EXACT_BOOST = 2.0
REST_SHARE = 0.15  # what a section's further matching phrasings add to its best one
# A section's many matching phrasings are evidence, not mere volume. Measured (issue 34,
# English law@1/law@3, real dev unseen; real held-out): 0.15 gives 0.527/0.744; 0.547/0.799.
# 0.08: 0.537/0.747; 0.554/0.784. 0.22: 0.496/0.721; 0.504/0.763. The rest capped at the
# best's score (0.540/0.777 held-out), only the next three (0.511/0.741), only phrasings
# scoring 0.3 of the best (0.518/0.763), or divided by the section's number of phrasings
# (square root: 0.511/0.777) each lowered real held-out. Measured later (sq-rank2, against
# dev unseen 0.527/0.757, held-out 0.554/0.804; German dev unseen 0.639/0.882, held-out
# 0.560/0.840): each word counted once in the rest, at its best other phrasing (share
# 0.15-0.5: English 0.505-0.512/0.733-0.750, held-out 0.520-0.547/0.757-0.770; German
# 0.556-0.574/0.822-0.834); only the words the best phrasing lacks (0.15-0.8: 0.495-0.517/
# 0.703-0.721); only further phrasings sharing 2 or 3 of the question's words (0.505-0.527/
# 0.730-0.735, held-out 0.486-0.527). A hub's many one-word matches are evidence too.
# K1, B for the phrasings alone (content unchanged): K1 0.9 0.532/0.767, held-out 0.534/
# 0.797; K1 0.6 0.525/0.760, 0.520/0.804; B 0.3 0.529/0.765, 0.514/0.804; B 0.7 0.510/
# 0.738. Both scorers: K1 0.9 0.534/0.762, 0.541/0.797; B 0.3 0.532/0.760, 0.520/0.804.
# RARE_IDF 2.0 or 3.0 and EXACT_BOOST 1.5 or 3.0 lifted nothing. Each was left out.
# Measured later and left out (sq-rank4, English law@1/law@3 against real dev unseen
# 0.549/0.778, real held-out 0.569/0.812): a phrasing's score times the share of its own
# words (idf-weighted) the question holds, to the power 0.15, 0.5, 1 (0.532/0.748,
# 0.495/0.742, 0.461/0.717; held-out 0.575/0.801 at 0.15), or 0.3 from 20 words on
# (0.547/0.765, 0.564/0.801); a phrasing whose words stand close together in the
# question counting more ((met + 2) / span to the power 0.5: 0.543/0.759, 0.541/0.818;
# German dev unseen 0.684 -> 0.661); a phrasing all of whose words the question says,
# in order, times 1.5 (0.535/0.771, 0.580/0.801; in any order 0.503/0.763).
# Measured later and left out (sq-rank5, English law@1/law@3 against real dev unseen
# 0.605/0.826 or, from the "make room" change on, 0.605/0.829; real held-out 0.573/0.804
# or 0.573/0.814): a section's whole phrasing score times (its lines / 6) to the power
# -0.05 or -0.1 for sections of more than 6 lines (hubs: 0.595/0.812, 0.568/0.794;
# 0.574/0.818, 0.573/0.774), only its rest so (-0.1: 0.595/0.816, 0.568/0.799; -0.25:
# 0.585/0.816, 0.588/0.794); the rest capped at the best (0.591/0.804, 0.548/0.809), at
# half of it (0.572/0.785) or saturating (0.595/0.804); REST_SHARE 0.12, 0.19, 0.25
# (0.593/0.824, 0.585/0.810, 0.570/0.802; held-out 0.568/0.794 at best). Hubs win often
# because they are often right. A section's score lifted by the share of the question's
# words (idf, times commonness) its English phrasings hold, times 0.5: 0.609/0.835 but
# held-out 0.563/0.819; only from 15 words on: 0.605/0.831, 0.578/0.814 (from 10 or 20
# words, or times 1.0: one question up, one down): noise, not kept.
_EMPTY: Mapping[int, tuple[int, ...]] = {}
Factors = Mapping[str, float] | None  # a factor per term (PhrasingIndex.score's common)
_EMPTY_ADDED: Mapping[int, float] = {}


# Not frozen: a frozen dataclass is made through object.__setattr__, field by field, at
# three times the cost, and a search makes a dozen of these (issue 29); nothing changes
# one once made.
@dataclass(slots=True)
class TermQ:
    term: str
    boost: float = 1.0


@dataclass(slots=True)
class PhraseQ:
    terms: tuple[str, ...]
    slop: int = 0
    boost: float = 1.0
    # a phrase of the content (a synonym's meaning), asked again and again: where it
    # occurs is kept, as a term's weights are (a question's own words are not kept)
    kept: bool = False


KEPT_PHRASES = 2048  # far more than the synonyms' meanings; a bound all the same
# A word that is a question's only one a phrasing index holds: its sections' scores per
# factor (PhrasingIndex._alone). An index holds some 1,300 words, on 7-8 sections each.
ALONE_KEPT = 1024


def _weight(tf: int, length: float, average: float) -> float:
    norm = 1 - B + B * length / average
    return tf * (K1 + 1) / (tf + K1 * norm)


def _idf(count: int, df: int) -> float:
    return math.log(1 + (count - df + 0.5) / (df + 0.5))


# The factors (boosts) a term is asked with come from the content alone: one or two
# per term. A bound all the same: a factor beyond it is worked out and not kept.
FACTORS_KEPT = 4


def _add_into(totals: dict[int, float], adding: Mapping[int, float]) -> None:
    """``totals[doc] += adding[doc]`` for each doc of ``adding``, a doc new to ``totals``
    placed after those there (in ``adding``'s order), as a loop over ``adding`` would.
    The first term's docs are copied in one step; a term holding far more docs than the
    totals so far has its docs that only it holds copied in one step too (most of
    them); else the plain loop is cheapest (measured over never-asked questions: the
    set of the docs both hold cost more than it saved when many are shared)."""
    if not totals:
        totals.update(adding)
        return
    if len(adding) > 2 * len(totals):
        summed = {doc: totals[doc] + adding[doc] for doc in totals.keys() & adding.keys()}
        totals.update(adding)
        totals.update(summed)
        return
    before = totals.get
    for doc, value in adding.items():
        totals[doc] = before(doc, 0.0) + value


class ContentScorer:
    """BM25 over the index's ``content`` field.

    Made once from the index (``from_reader``) and kept with the engine's tables beside
    the index, so a search opens no whoosh index. Every posting is kept packed in one
    array of ints, which a command reads from disk in a few milliseconds; a term's
    postings and BM25 weights (which depend on the index alone) are unpacked and worked
    out on its first use and kept. Only terms the index holds are kept, so the cache
    can never grow past the index's vocabulary, whatever people type."""

    def __init__(
        self,
        lengths: Sequence[int],
        anchors: Mapping[int, str],
        postings: Mapping[str, Mapping[int, Sequence[int]]],
    ) -> None:
        self.count = len(lengths)
        self.lengths = list(lengths)
        self.average = sum(self.lengths) / max(self.count, 1)
        self.anchors = dict(anchors)
        # term -> (start, end) in _packed, which holds per section: doc, n, n positions
        self._spans: dict[str, tuple[int, int]] = {}
        packed: list[int] = []
        for term, found in postings.items():
            start = len(packed)
            for doc, positions in found.items():
                packed += (doc, len(positions), *positions)
            self._spans[term] = (start, len(packed))
        self._packed = array("i", packed)
        self.vocabulary = frozenset(self._spans)
        self._postings: dict[str, dict[int, tuple[int, ...]]] = {}
        self._weights: dict[str, dict[int, float]] = {}
        # term -> boost -> what the term adds to each section (idf * boost * weight)
        self._added: dict[str, dict[float, dict[int, float]]] = {}
        self._phrases: dict[tuple[tuple[str, ...], int], list[tuple[int, float]]] = {}
        # (terms, slop, boost) -> what the content's phrase adds to each section
        self._phrases_added: dict[tuple[tuple[str, ...], int, float], Mapping[int, float]] = {}

    @classmethod
    def from_reader(cls, reader: IndexReader) -> ContentScorer:
        count = reader.doc_count_all()
        postings: dict[str, dict[int, tuple[int, ...]]] = {}
        for raw in reader.lexicon("content"):
            term = raw.decode() if isinstance(raw, bytes) else raw
            matcher = reader.postings("content", term)
            postings[term] = {doc: tuple(where) for doc, where in matcher.items_as("positions")}
        return cls(
            lengths=[reader.doc_field_length(d, "content", 0) or 1 for d in range(count)],
            anchors={docnum: fields["anchor"] for docnum, fields in reader.iter_docs()},
            postings=postings,
        )

    def __getstate__(self) -> dict[str, object]:
        # kept on disk packed: the unpacked terms are made again as they are used
        unpacked = ("_postings", "_weights", "_added", "_phrases", "_phrases_added")
        return {**vars(self), **{name: {} for name in unpacked}}

    @property
    def cached_terms(self) -> int:
        return len(self._postings)

    def postings(self, term: str) -> Mapping[int, tuple[int, ...]]:
        found = self._postings.get(term)
        if found is not None:
            return found
        span = self._spans.get(term)
        if span is None:
            return _EMPTY
        packed, at, end = self._packed, span[0], span[1]
        found = {}
        while at < end:
            doc, size = packed[at], packed[at + 1]
            found[doc] = tuple(packed[at + 2 : at + 2 + size])
            at += 2 + size
        self._postings[term] = found
        return found

    def _weights_of(self, term: str) -> dict[int, float]:
        weights = self._weights.get(term)
        if weights is None:
            lengths, average = self.lengths, self.average
            weights = {
                doc: _weight(len(positions), lengths[doc], average)
                for doc, positions in self.postings(term).items()
            }
            if term in self._spans:
                self._weights[term] = weights
        return weights

    def _added_of(self, term: str, boost: float) -> dict[int, float]:
        """What the term adds to each section holding it, asked with ``boost`` (kept
        only for terms the index holds)."""
        kept = self._added.get(term)
        if kept is not None:
            adding = kept.get(boost)
            if adding is not None:  # the usual case: no idf nor weights looked up again
                return adding
        else:
            kept = self._added.setdefault(term, {}) if term in self._spans else {}
        return _added(self.idf(term), self._weights_of(term), kept, boost)

    def idf(self, term: str) -> float:
        return _idf(self.count, len(self.postings(term)))

    def commonness(self, terms: Sequence[str]) -> dict[str, float]:
        """For each term, a factor in (0, 1]: 1 for rare terms, less for terms that
        many sections share."""
        return {t: min(1.0, self.idf(t) / RARE_IDF) for t in terms if t in self.vocabulary}

    def score(self, queries: Sequence[TermQ | PhraseQ], weight: float = 1.0) -> dict[str, float]:
        """Each section's score, times ``weight`` (the engine weighs the law text by the
        question's language: one multiplication here, not a second dictionary)."""
        totals: dict[int, float] = {}
        for query in queries:
            if isinstance(query, TermQ):
                if len(self.postings(query.term)) > self.count // 4:
                    continue  # in a quarter of the sections: no evidence, much work
                _add_into(totals, self._added_of(query.term, query.boost))
                continue
            adding = self._phrase_added(query)
            if adding:  # a word of the phrase is in no section: nothing to add
                _add_into(totals, adding)
        anchors = self.anchors
        return {anchors[doc]: weight * value for doc, value in totals.items()}

    def _phrase_added(self, query: PhraseQ) -> Mapping[int, float]:
        """What the phrase adds to each section it occurs in; kept, as its places are,
        for the content's phrases (``PhraseQ.kept``), per factor it is asked with."""
        key = (query.terms, query.slop, query.boost)
        if query.kept:
            adding = self._phrases_added.get(key)
            if adding is not None:
                return adding
        found = self._phrase_weights(query)
        adding: Mapping[int, float] = _EMPTY_ADDED
        if found is not None:  # else a word of it is in no section
            idf = sum(self.idf(t) for t in query.terms) * query.boost
            adding = {doc: idf * weight for doc, weight in found}
        if query.kept:
            if len(self._phrases_added) >= KEPT_PHRASES:
                self._phrases_added.clear()
            self._phrases_added[key] = adding
        return adding

    def _phrase_weights(self, query: PhraseQ) -> list[tuple[int, float]] | None:
        """(section, BM25 weight) where the phrase occurs; None when a word of it is in
        no section. Kept for the content's phrases (``PhraseQ.kept``)."""
        key = (query.terms, query.slop)
        kept = self._phrases.get(key) if query.kept else None
        if kept is not None:
            return kept
        lists = [self.postings(t) for t in query.terms]
        if not all(lists):
            return None
        found = []
        for doc in set(lists[0]).intersection(*lists[1:]):
            count = phrase_count([lst[doc] for lst in lists], query.slop)
            if count:
                found.append((doc, _weight(count, self.lengths[doc], self.average)))
        if query.kept:
            if len(self._phrases) >= KEPT_PHRASES:
                self._phrases.clear()
            self._phrases[key] = found
        return found


def phrase_count(positions: list[tuple[int, ...]], slop: int) -> int:
    """How often the words occur in order, each within ``slop`` extra words of the last."""
    count = 0
    following = [set(p) for p in positions[1:]]
    gaps = range(1, slop + 2)
    # plain loops, no generator per word: a question's own phrase is looked for in
    # every section holding all its words, and a law's title repeats in each of its parts
    for start in positions[0]:
        at = start
        for allowed in following:
            for gap in gaps:
                if at + gap in allowed:
                    at += gap  # the nearest next word
                    break
            else:
                break  # the next word is not within reach: no phrase from this start
        else:
            count += 1
    return count


# A term's idf, its BM25 weight per phrasing, and what it adds to each phrasing (idf
# times its factor in the question, times the weight) for the factors asked so far
_Scored = tuple[float, dict[int, float], dict[float, dict[int, float]]]


def _added(
    term_idf: float,
    weights: Mapping[int, float],
    kept: dict[float, dict[int, float]],
    factor: float,
) -> dict[int, float]:
    """What a term adds to each text holding it, asked with ``factor``: worked out as
    ``(idf * factor) * weight`` (to the last bit what a sum term by term adds) and kept
    in ``kept`` for the first few factors a term is asked with."""
    adding = kept.get(factor)
    if adding is None:
        idf = term_idf * factor
        adding = {doc: idf * weight for doc, weight in weights.items()}
        if len(kept) < FACTORS_KEPT:
            kept[factor] = adding
    return adding


class PhrasingIndex:
    """BM25 over short texts per anchor (the phrasings of one language), in memory.

    Each phrasing is its own small document, so a question matching one phrasing well
    beats a section whose many phrasings each share a word with it; a section scores
    with its best phrasing plus a little for the rest.
    """

    def __init__(self, texts: Mapping[str, Sequence[Sequence[str]]]) -> None:
        self.owner: list[str] = []
        self.lengths: list[int] = []
        self.postings: dict[str, dict[int, int]] = {}
        for anchor, phrasings in texts.items():
            for terms in phrasings:
                if not terms:
                    continue
                doc = len(self.owner)
                self.owner.append(anchor)
                self.lengths.append(len(terms))
                for term in terms:
                    slot = self.postings.setdefault(term, {})
                    slot[doc] = slot.get(doc, 0) + 1
        self.count = len(self.owner)
        self.average = sum(self.lengths) / max(self.count, 1)
        self.sections = len(set(self.owner))
        self._spread = {
            term: len({self.owner[doc] for doc in found}) for term, found in self.postings.items()
        }
        # the phrasings of each length: only those as long as a question can be the
        # question itself (EXACT_BOOST); apart, those that say a word twice
        of_length: dict[int, set[int]] = {}
        repeating: dict[int, set[int]] = {}
        for doc, length in enumerate(self.lengths):
            of_length.setdefault(length, set()).add(doc)
        for found in self.postings.values():
            for doc, count in found.items():
                if count > 1:
                    repeating.setdefault(self.lengths[doc], set()).add(doc)
        self._of_length = of_length
        self._repeating = repeating
        # each phrasing's section as a number, for sums kept in lists (see _best_and_rest)
        self._names = list(dict.fromkeys(self.owner))
        number = {anchor: n for n, anchor in enumerate(self._names)}
        self._section_of = [number[anchor] for anchor in self.owner]
        # What a term adds to each phrasing depends on these texts alone: worked out on
        # the term's first use and kept (only for terms the phrasings hold).
        self._scored: dict[str, _Scored] = {}

    def __getstate__(self) -> dict[str, object]:
        state = {**vars(self), "_scored": {}}  # made again as terms are used
        state.pop("_alone_kept", None)
        return state

    def _scored_term(self, term: str) -> _Scored | None:
        """The term's idf, and its BM25 weight in each phrasing holding it."""
        scored = self._scored.get(term)
        if scored is None:
            found = self.postings.get(term)
            if not found:
                return None
            lengths, average = self.lengths, self.average
            weights = {doc: _weight(tf, lengths[doc], average) for doc, tf in found.items()}
            scored = self._scored[term] = (_idf(self.count, len(found)), weights, {})
        return scored

    def commonness(self, terms: Sequence[str], rare_idf: float) -> dict[str, float]:
        """For each known term, a factor in (0, 1]: less for a term that the phrasings of
        many sections share ("Karte", "ausgespielt"), 1 only for the rarest."""
        return {
            t: min(1.0, _idf(self.sections, self._spread[t]) / rare_idf)
            for t in terms
            if t in self._spread
        }

    def __contains__(self, term: str) -> bool:
        return term in self.postings

    def score(self, terms: Sequence[str], common: Factors = None) -> dict[str, float]:
        """``common``: a factor below 1 for terms that say little in a question (found
        all over the lawbook), so "declarer led" does not outweigh the situation."""
        found: dict[str, float] = {}
        self.add_to(found, 1.0, terms, common)  # 0.0 + 1.0 * score: the score itself
        return found

    def add_to(
        self, scores: dict[str, float], weight: float, terms: Sequence[str], common: Factors = None
    ) -> None:
        """``scores[anchor] += weight * score`` for each section ``score`` finds, in its
        order: the engine adds up its evidence so, without a dictionary of this index's
        scores made and read again (a long question's run to several hundred)."""
        asked = list(dict.fromkeys(terms))
        per_doc: dict[int, float] = {}
        positive = True  # idf and BM25 weights are above zero; a factor may not be
        held: list[tuple[str, float]] = []
        for term in asked:
            scored = self._scored_term(term)
            if scored is None:
                continue
            factor = common.get(term, 1.0) if common else 1.0
            positive = positive and factor > 0.0
            held.append((term, factor))
            _add_into(per_doc, _added(*scored, factor))
        size = len(asked)
        exact = self._as_the_question(asked, per_doc) if size >= 2 and per_doc else ()
        if len(held) == 1 and positive and not exact:
            _add_weighted(scores, weight, self._alone(held[0], per_doc))
            return
        for doc in exact:
            per_doc[doc] *= EXACT_BOOST
        if not positive:
            _add_weighted(scores, weight, _best_and_rest(per_doc, self.owner))
            return
        self._best_and_rest(per_doc, scores, weight)

    def _alone(self, term: tuple[str, float], per_doc: dict[int, float]) -> dict[str, float]:
        """The sections' scores when ``term`` (with its factor) is the only word of the
        question these texts hold: then ``per_doc`` is what the term adds, in its order,
        whatever else the question says, so they are worked out once and kept (an
        English question's German evidence is often one word, "Revoke"). Bounded: a
        word's factors are few and its sections a handful on average."""
        kept: Kept[tuple[str, float], dict[str, float]] | None = vars(self).get("_alone_kept")
        if kept is None:
            kept = vars(self).setdefault("_alone_kept", Kept(ALONE_KEPT))
        found = kept.get(term)
        if found is None:
            found = {}
            self._best_and_rest(per_doc, found, 1.0)
            kept.put(term, found)
        return found

    def _as_the_question(self, asked: list[str], per_doc: dict[int, float]) -> set[int]:
        """The phrasings as long as the question all of whose words the question has
        (counted with repeats, the question's words met in it are its length). One
        whose words are all different holds every word of the question: it is in the
        postings of each. One that says a word twice is counted word by word."""
        size, postings = len(asked), self.postings
        held = sorted((postings[t] for t in asked if t in postings), key=len)
        found: set[int] = set()
        if len(held) == size:  # else a phrasing of different words cannot have them all
            found = held[0].keys() & self._of_length.get(size, set())
            for more in held[1:]:
                if not found:
                    break
                found = more.keys() & found
        for doc in self._repeating.get(size, ()):
            if doc in per_doc:
                met = 0
                for found_in in held:
                    met += found_in.get(doc, 0)
                if met == size:
                    found.add(doc)
        return found

    def _best_and_rest(
        self, per_doc: dict[int, float], scores: dict[str, float], weight: float
    ) -> None:
        """``_best_and_rest(per_doc, self.owner)`` to the last bit, each section's score
        times ``weight`` added into ``scores`` (``add_to``), with the sums kept in lists
        by section number rather than in dictionaries by anchor (a long question
        touches several hundred phrasings: this was a third of its scoring). Every
        score here is above zero (``score`` sees to it), so a section whose best is
        still 0.0 is met for the first time."""
        names, section_of = self._names, self._section_of
        best = [0.0] * len(names)
        rest = [0.0] * len(names)
        order: list[int] = []
        met = order.append
        for doc, value in per_doc.items():
            section = section_of[doc]
            before = best[section]
            if before == 0.0:
                best[section] = value
                met(section)
            elif value > before:
                rest[section] += before
                best[section] = value
            else:
                rest[section] += value
        before_of = scores.get
        for section in order:
            anchor = names[section]
            scores[anchor] = before_of(anchor, 0.0) + weight * (
                best[section] + REST_SHARE * rest[section]
            )


def _add_weighted(scores: dict[str, float], weight: float, adding: Mapping[str, float]) -> None:
    """``scores[anchor] += weight * adding[anchor]``, in ``adding``'s order."""
    before_of = scores.get
    for anchor, value in adding.items():
        scores[anchor] = before_of(anchor, 0.0) + weight * value


def _best_and_rest(per_doc: Mapping[int, float], owner: Sequence[str]) -> dict[str, float]:
    """Each section's best phrasing's score plus REST_SHARE of its other phrasings',
    the sections in the order their first phrasing comes in ``per_doc``, each added up
    in that order."""
    best: dict[str, float] = {}
    rest: dict[str, float] = {}
    best_of, rest_of = best.get, rest.get
    for doc, value in per_doc.items():
        anchor = owner[doc]
        before = best_of(anchor, 0.0)
        if value > before:
            rest[anchor] = rest_of(anchor, 0.0) + before
            best[anchor] = value
        else:
            rest[anchor] = rest_of(anchor, 0.0) + value
    return {a: v + REST_SHARE * rest_of(a, 0.0) for a, v in best.items()}
