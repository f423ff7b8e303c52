"""Views of the rules pages and dispute tools. Views parse input and render; the rules decide."""
from __future__ import annotations

from flask import abort, current_app, make_response, redirect, render_template, request, url_for

from scorekeeper.rules import calculators, compare, irregularities, reference
from scorekeeper.rules.errors import RulesInputError
from scorekeeper.rules.variants import SOURCE_FILES, SOURCE_TITLES, all_variants, get_variant

from . import bp
from .forms import RANK_LABELS, DeckForm, HandForm

# The dispute tools: key -> (endpoint, title, one-line purpose). Rules sections point at these keys.
TOOLS = {
    "meld": ("rules.tool_meld", "Meld and contract checker", "Is this set, run or contract legal? What do the wilds stand for?"),
    "may-i": ("rules.tool_may_i", "May I resolver", "Several players want the discard: who gets it, and the penalty."),
    "hand": ("rules.tool_hand", "Hand calculator", "The cards left in a hand, scored under every variant."),
    "decks": ("rules.tool_decks", "Deck calculator", "How many decks, jokers and cards for this many players."),
    "irregularities": ("rules.tool_irregularities", "Irregularity guide",
                       "Out-of-turn play, wrong draws, wrong hands, re-deals, missing scores: step by step."),
    "roy": ("rules.tool_roy", "ROY play checker", "Is this ROY play legal, and what must the next player do?"),
}


@bp.app_context_processor
def _rules_helpers():
    def tool_url(key: str, variant_id: str | None = None, **kw) -> str:
        endpoint = TOOLS[key][0]
        if variant_id and key != "roy":
            kw["variant"] = variant_id
        return url_for(endpoint, **kw)

    available = {k: t for k, t in TOOLS.items() if t[0] in current_app.view_functions}
    return {
        "rules_tools": available,
        "tool_url": tool_url,
        "source_line": reference.source_line,
    }


def _variant_or_404(variant_id: str):
    try:
        return get_variant(variant_id)
    except RulesInputError as err:
        page = render_template("rules/not_found.html", message=f"Variant: {err.message}", variants=all_variants())
        abort(make_response(page, 404))


# ----- rules pages -----------------------------------------------------------------------------

@bp.get("/rules")
def index():
    return render_template("rules/index.html", variants=all_variants(),
                           sources=[(k, SOURCE_TITLES[k], f) for k, f in SOURCE_FILES.items()])


@bp.get("/rules/compare")
def compare_page():
    chosen = request.args.getlist("v")
    errors = []
    variants = []
    for i, vid in enumerate(chosen):
        try:
            variants.append(get_variant(vid))
        except RulesInputError as err:
            errors.append(f"Variant {i + 1}: {err.message}")
    if not chosen or errors:
        variants = [v for v in all_variants() if not chosen or v.id in chosen] or all_variants()
    only_diff = request.args.get("diff") == "1"
    table = compare.comparison(variants)
    status = 400 if errors else 200
    return render_template("rules/compare.html", table=table, only_diff=only_diff, errors=errors,
                           all=all_variants(), chosen={v.id for v in variants}), status


@bp.get("/rules/search")
def search():
    q = request.args.get("q", "")
    error = None
    if len(q) > 200:
        error = f"Search: {q[:20]!r}… is too long ({len(q)} characters; at most 200)"
        hits = []
    else:
        hits = reference.search(q)
    return render_template("rules/search.html", q=q, hits=hits, error=error), (400 if error else 200)


@bp.get("/rules/<variant_id>")
def variant_page(variant_id: str):
    v = _variant_or_404(variant_id)
    return render_template("rules/variant.html", page=reference.rules_page(v), v=v)


# ----- tools ---------------------------------------------------------------------------------

@bp.get("/tools")
def tools():
    return redirect(url_for("rules.index", _anchor="tools"))


def _form_status(form, submitted: bool) -> int:
    return 400 if submitted and form.errors else 200


@bp.route("/tools/hand", methods=["GET", "POST"])
def tool_hand():
    form = HandForm()
    answers = None
    submitted = request.method == "POST"
    if submitted and form.validate():
        if form.cards or form.missing_cards:
            answers = calculators.hand_answers(form.cards, form.missing_cards)
        else:
            form.codes.errors = list(form.codes.errors) + ["No cards: tap the cards left in the hand, or type them."]
    return render_template("tools/hand.html", form=form, answers=answers, rank_labels=RANK_LABELS,
                           rank_keys=["JK", *calculators.RANK_ORDER],
                           highlight=request.args.get("variant")), _form_status(form, submitted)


@bp.route("/tools/decks", methods=["GET", "POST"])
def tool_decks():
    form = DeckForm()
    answers = None
    submitted = request.method == "POST"
    if submitted and form.validate():
        answers = calculators.deck_answers(form.count)
    return render_template("tools/decks.html", form=form, answers=answers, variants=all_variants(),
                           highlight=request.args.get("variant")), _form_status(form, submitted)


@bp.get("/tools/irregularities")
def tool_irregularities():
    vid = request.args.get("variant", "")
    topic_key = request.args.get("topic")
    steps = request.args.getlist("step")
    errors: dict[str, str] = {}
    v = None
    walk = None
    topic_list = []
    if vid:
        try:
            v = get_variant(vid)
        except RulesInputError as err:
            errors["variant"] = f"Variant: {err.message}"
    if v is not None:
        topic_list = irregularities.topics(v, include_own_sections=True)
        if topic_key:
            try:
                walk = irregularities.walk(v, topic_key, steps)
            except RulesInputError as err:
                if err.field == "topic":
                    errors["topic"] = f"Irregularity: {err.message}"
                else:
                    # show the last question reached, so the players can answer it again
                    at = int(err.field[5:-1]) if err.field and err.field.startswith("step[") else 0
                    errors["step"] = f"Answer {at + 1}: {err.message}"
                    walk = irregularities.walk(v, topic_key, steps[:at])
    status = 400 if errors else 200
    return render_template("tools/irregularities.html", v=v, variants=all_variants(), topics=topic_list,
                           walk=walk, errors=errors, vid=vid), status
