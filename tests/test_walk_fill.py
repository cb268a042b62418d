"""engine.walk.fill_walk: the one place a wizard fills its tree's placeholders into the
path and the open question (five wizards each had their own copy)."""

from td_assist.rulings.engine.model import PendingQuestion, Step
from td_assist.rulings.engine.walk import Walk, fill_walk, filled_steps

VALUES: dict[str, object] = {"offender": "West", "call": "1H", "lho": "North"}


def _walk() -> Walk:
    step = Step(
        node="seen",
        question="{offender} made {call}: did partner see it?",
        answer="yes",
        answer_label="{lho} saw it",
        answered_by="td",
        laws=["24"],
        note="The TD's answer overrides the record, which says '{lho} did not'.",
    )
    pending = PendingQuestion(
        node="next",
        prompt="{lho} called over {offender}?",
        kind="question",
        laws=["37A"],
        help="Law 37: {lho} may call; {missing} is not known.",
        choices=[{"value": "yes", "label": "{lho} called"}, {"value": "no", "label": "No"}],
    )
    return Walk(steps=[step], pending=pending)


def test_fill_walk_fills_path_prompt_help_and_choices():
    result = _walk()
    fill_walk(result, VALUES)
    step = result.steps[0]
    assert step.question == "West made 1H: did partner see it?"
    assert step.answer_label == "North saw it"
    assert step.note == "The TD's answer overrides the record, which says 'North did not'."
    assert step.answer == "yes"  # the value itself is never touched
    assert result.pending is not None
    assert result.pending.prompt == "North called over West?"
    # An unknown placeholder shows as '?', never a KeyError.
    assert result.pending.help == "Law 37: North may call; ? is not known."
    assert [c["label"] for c in result.pending.choices] == ["North called", "No"]
    assert [c["value"] for c in result.pending.choices] == ["yes", "no"]


def test_capitalise_gives_a_filled_question_a_capital_first_letter():
    result = _walk()
    result.steps[0].question = "{who} hesitated before passing?"
    result.pending.prompt = "{who} hesitated?"  # type: ignore[union-attr]
    fill_walk(result, {"who": "the offender's partner"}, capitalise=True)
    assert result.steps[0].question == "The offender's partner hesitated before passing?"
    assert result.pending.prompt == "The offender's partner hesitated?"  # type: ignore[union-attr]
    # Without it the text is left as filled.
    plain = _walk()
    plain.steps[0].question = "{who} hesitated?"
    fill_walk(plain, {"who": "the offender's partner"})
    assert plain.steps[0].question == "the offender's partner hesitated?"


def test_filled_steps_leaves_the_walked_steps_alone():
    result = _walk()
    copies = filled_steps(result.steps, VALUES)
    assert copies[0].answer_label == "North saw it"
    assert result.steps[0].answer_label == "{lho} saw it"


def test_fill_walk_without_an_open_question():
    result = Walk(steps=_walk().steps, outcome="done")
    fill_walk(result, VALUES)
    assert result.pending is None
    assert result.steps[0].question.startswith("West made 1H")
