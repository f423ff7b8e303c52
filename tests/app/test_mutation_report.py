"""tools/mutation_report.py: which surviving mutants count as message text (left out of the mutation
score, docs/testing.md "How the score is counted") and which as behaviour."""
from __future__ import annotations

import pytest

from tools.mutation_report import kind_of


def diff(*lines):
    return "\n".join(["--- scorekeeper/rules/x.py", "+++ scorekeeper/rules/x.py", "@@ -1,3 +1,3 @@", *lines])


@pytest.mark.parametrize("mutant, kind", [
    (diff('-    why.add(_("went out first"))', '+    why.add(_("XXwent out firstXX"))'), "message text"),
    (diff('-    why.add(_("went out first"))', '+    why.add(_("WENT OUT FIRST"))'), "message text"),
    (diff('-    if how == "went_out":', '+    if how == "XXwent_outXX":'), "behaviour"),
    (diff('-    why.add(_("went out first"))', '+    why.add(None)'), "behaviour"),
    (diff('-    why.add(_("went out first"), cite)', '+    why.add(_("went out first"), )'), "behaviour"),
    # the end of a sentence written over two lines: "... added " "together." is one sentence
    (diff('     _("the two highest totals added "', '-      "together."),', '+      "TOGETHER."),'), "message text"),
    # one word marked for translation is a word for a reader; a key beside it is still a key
    (diff('-    ("yes", _("Yes"), "fill"),', '+    ("yes", _("YES"), "fill"),'), "message text"),
    (diff('-    ("yes", _("Yes"), "fill"),', '+    ("yes", _("Yes"), "FILL"),'), "behaviour"),
    # a key on the line after a sentence is still a key
    (diff('     items.append(Item(_("Card points"), text,', '-                  "points"))', '+                  "POINTS"))'),
     "behaviour"),
])
def test_what_a_surviving_mutant_changes(mutant, kind):
    assert kind_of(mutant) == kind
