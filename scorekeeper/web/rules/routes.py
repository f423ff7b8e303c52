"""Views of the rules pages and dispute tools. Views parse input and render; the rules decide."""
from __future__ import annotations

from markupsafe import Markup
from flask import Blueprint, abort, make_response, redirect, render_template, request, url_for
from flask_babel import gettext as _, lazy_gettext as _l

from scorekeeper.rules import calculators, compare, irregularities, may_i, melds, reference, roy
from scorekeeper.rules import search as rules_search
from scorekeeper.rules.applied import roy_anchors, rules_applied
from scorekeeper.rules import card_letters
from scorekeeper.rules.cards import Card, parse_card
from scorekeeper.i18n import language
from scorekeeper.rules.errors import RulesInputError
from scorekeeper.rules.cards import SUIT_SYMBOLS
from scorekeeper.rules.variants import SOURCE_KEYS, ContractKind, all_variants, shown_text, source_title
from scorekeeper.services.house import find_variant as get_variant  # built-in, example or house variant
from scorekeeper.web.variant_views import house_index_context, house_page_context, with_chosen

from .forms import (
    MAX_SEATS,
    MELD_FIELDS,
    DeckForm,
    HandForm,
    MayIForm,
    MeldForm,
    RoyForm,
    labelled,
    pending_select,
    keypad_ranks,
    rank_labels,
    keypad_suits,
    suit_name,
    suit_select,
)

bp = Blueprint("rules", __name__)

# The dispute tools: key -> (endpoint, title, one-line purpose). Rules sections point at these keys.
# Titles and purposes are lazy: shown in the reader's language.
TOOLS = {
    "meld": ("rules.tool_meld", _l("Meld and contract checker"),
             _l("Is this set, run or contract legal? What do the wilds stand for?")),
    "may-i": ("rules.tool_may_i", _l("May I resolver"),
              _l("Several players want the discard: who gets it, and the penalty.")),
    "hand": ("rules.tool_hand", _l("Hand calculator"), _l("The cards left in a hand, scored under every variant.")),
    "decks": ("rules.tool_decks", _l("Deck calculator"), _l("How many decks, jokers and cards for this many players.")),
    "irregularities": ("rules.tool_irregularities", _l("Irregularity guide"),
                       _l("Out-of-turn play, wrong draws, wrong hands, re-deals, missing scores: step by step.")),
    "roy": ("rules.tool_roy", _l("ROY play checker"), _l("Is this ROY play legal, and what must the next player do?")),
}


TOOL_SHORT = {"meld": _l("Meld checker"), "may-i": _l("May I"), "hand": _l("Hand points"), "decks": _l("Decks"),
              "irregularities": _l("Irregularities"), "roy": _l("Play checker")}


@bp.app_context_processor
def _rules_helpers():
    def tool_url(key: str, variant_id: str | None = None, **kw) -> str:
        endpoint = TOOLS[key][0]
        if variant_id and key != "roy":
            kw["variant"] = variant_id
        return url_for(endpoint, **kw)

    return {
        "rules_tools": TOOLS,
        "rules_tool_short": TOOL_SHORT,
        "tool_url": tool_url,
        "source_line": reference.source_line,
        "source_lines": reference.source_lines,
        "shown_text": shown_text,
    }


@bp.app_template_filter("card_face")
def _card_filter(code: str) -> Markup:
    """A card code as it is printed on the card (10♥), red suits marked for the CSS."""
    try:
        card = code if isinstance(code, Card) else parse_card(code)
    except RulesInputError:
        return Markup("<span class=\"cardface\">{}</span>").format(code)
    cls = "cardface red-card" if card.is_red else "cardface"
    return Markup("<span class=\"{}\">{}</span>").format(cls, card_letters.face(card, language()))


@bp.app_template_filter("card_rank")
def _rank_filter(rank: str) -> str:
    """A rank alone (or the joker) as the page's cards name it: R D V on a French page, Joker."""
    return card_letters.code_face(rank, language())


@bp.app_template_filter("card_suit")
def _suit_filter(suit: str) -> Markup:
    cls = "red-card" if suit in ("H", "D") else ""
    return Markup("<span class=\"{}\">{} {}</span>").format(cls, suit_name(suit), SUIT_SYMBOLS.get(suit, ""))


def _variant_or_404(variant_id: str):
    try:
        return get_variant(variant_id)
    except RulesInputError as err:
        page = render_template("rules/not_found.html", message=_("Variant: %(error)s", error=err.message), variants=all_variants())
        abort(make_response(page, 404))


# ----- rules pages -----------------------------------------------------------------------------

@bp.get("/rules")
def index():
    return render_template("rules/index.html", variants=all_variants(), **house_index_context(),
                           sources=[source_title(k) for k in SOURCE_KEYS])


@bp.get("/rules/compare")
def compare_page():
    chosen = request.args.getlist("v")
    errors = []
    variants = []
    for i, vid in enumerate(chosen):
        try:
            variants.append(get_variant(vid))
        except RulesInputError as err:
            errors.append(_("Variant %(n)s: %(error)s", n=i + 1, error=err.message))
    if not chosen or errors:
        variants = [v for v in all_variants() if not chosen or v.id in chosen] or all_variants()
    only_diff = request.args.get("diff") == "1"
    table = compare.comparison(variants)
    status = 400 if errors else 200
    return render_template("rules/compare.html", table=table, only_diff=only_diff, errors=errors,
                           all=with_chosen(all_variants(), *chosen), chosen={v.id for v in variants}), status


@bp.get("/rules/search")
def search():
    q = request.args.get("q", "")
    error = None
    if len(q) > 200:
        error = _("Search: %(start)s… is too long (%(n)s characters; at most 200)", start=repr(q[:20]), n=len(q))
        hits = []
    else:
        hits = rules_search.search(q)
    return render_template("rules/search.html", q=q, hits=hits, error=error, marked=rules_search.marked), \
        (400 if error else 200)


@bp.get("/rules/<variant_id>")
def variant_page(variant_id: str):
    v = _variant_or_404(variant_id)
    keys = ["meld", "may-i", "hand", "decks", "irregularities"] if v.is_contract_game else \
        ["roy", "hand", "decks", "irregularities"]
    if not v.may_i.allowed and "may-i" in keys:
        keys.remove("may-i")
    return render_template("rules/variant.html", page=reference.rules_page(v), v=v, tool_keys=keys,
                           **house_page_context(v))


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
        if form.cards or form.missing_cards:  # (a house variant's answer too, with ?variant=)
            answers = calculators.hand_answers(form.cards, form.missing_cards,
                                               with_chosen(all_variants(), request.args.get("variant")))
        else:
            form.codes.errors = list(form.codes.errors) + [_("No cards: tap the cards left in the hand, or type them.")]
    return render_template("tools/hand.html", form=form, answers=answers, rank_labels=rank_labels(),
                           rank_keys=["JK", *calculators.RANK_ORDER],
                           highlight=request.args.get("variant")), _form_status(form, submitted)


@bp.route("/tools/decks", methods=["GET", "POST"])
def tool_decks():
    form = DeckForm()
    answers = None
    submitted = request.method == "POST"
    if submitted and form.validate():
        answers = calculators.deck_answers(form.count, with_chosen(all_variants(), request.args.get("variant")))
    return render_template("tools/decks.html", form=form, answers=answers,
                           variants=with_chosen(all_variants(), request.args.get("variant")),
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
            errors["variant"] = _("Variant: %(message)s", message=err.message)
    if v is not None:
        topic_list = irregularities.topics(v, include_own_sections=True)
        if topic_key:
            try:
                walk = irregularities.walk(v, topic_key, steps)
            except RulesInputError as err:
                if err.field == "topic":
                    errors["topic"] = _("Irregularity: %(message)s", message=err.message)
                else:
                    # show the last question reached, so the players can answer it again
                    at = int(err.field[5:-1]) if err.field and err.field.startswith("step[") else 0
                    errors["step"] = _("Answer %(n)s: %(message)s", n=at + 1, message=err.message)
                    walk = irregularities.walk(v, topic_key, steps[:at])
    status = 400 if errors else 200
    return render_template("tools/irregularities.html", v=v, variants=with_chosen(all_variants(), vid),
                           topics=topic_list, topic_titles={t.key: t.title.lower() for t in topic_list},
                           walk=walk, errors=errors, vid=vid), status


# ----- meld and contract checker, May I resolver, ROY play checker ---------------------------------

def _field_for(err: RulesInputError, mapping: dict[str, str], default: str) -> str:
    path = err.field or ""
    for prefix, name in mapping.items():
        if path.startswith(prefix):
            return name
    return default


@bp.route("/tools/meld", methods=["GET", "POST"])
def tool_meld():
    form = MeldForm(data={"variant": request.args.get("variant", "continental")} if request.method == "GET" else None)
    verdict = None
    applied = []
    submitted = request.method == "POST"
    tapped = submitted and form.apply_keypad(request.form)
    if submitted and form.validate():
        v = form.variant.variant
        try:
            if form.round_number is not None or len(form.melds) > 1:
                verdict = melds.check_contract(v, form.round_number, form.melds)
            else:
                verdict = melds.check_meld(v, form.melds[0])
        except RulesInputError as err:  # a card the pack cannot hold twice, etc.
            at = _field_for(err, {f"melds[{i}]": f"meld{i + 1}" for i in range(MELD_FIELDS)}, "meld1")
            form[at].errors = list(form[at].errors) + [str(err)]
            verdict = None
        if verdict is not None:
            default = "contracts" if form.round_number else "melds"
            prefer = ("contracts", "last-round", "melds") if form.round_number else ("melds",)
            applied = rules_applied(v, verdict.citations, default, prefer=prefer)
    elif tapped:  # keypad taps with nothing to judge yet are not errors
        form.meld1.errors = [e for e in form.meld1.errors if e != form.no_cards_yet]
    status = 400 if submitted and not tapped and any(form.errors.values()) else 200
    v = form.variant.variant or _contract_variant(form.variant.data)
    shown = 3
    if getattr(form, "round_number", None):
        contract = v.round(form.round_number).contract
        shown = contract.sets + contract.runs + (1 if v.contract_kind is ContractKind.MINIMUM else 0)
    shown = max([shown] + [i + 1 for i, f in enumerate(form.meld_fields()) if f.data or f.errors])
    targets = [(f.name, f.label.text) for f in form.meld_fields()[:shown]]
    return render_template("tools/meld.html", form=form, verdict=verdict, applied=applied, v=v, shown=shown,
                           targets=targets, wild_text=reference.wild_text(v),
                           variants=[x for x in with_chosen(all_variants(), form.variant.data) if x.is_contract_game],
                           ranks=keypad_ranks(), suits=keypad_suits()), status


def _contract_variant(vid):
    try:
        v = get_variant(vid)
        return v if v.is_contract_game else get_variant("continental")
    except RulesInputError:
        return get_variant("continental")


@bp.route("/tools/may-i", methods=["GET", "POST"])
def tool_may_i():
    form = MayIForm(data={"variant": request.args.get("variant", "continental")} if request.method == "GET" else None)
    verdict = None
    applied = []
    submitted = request.method == "POST"
    if submitted and form.validate():
        v = form.variant.variant
        current = form.discarder_seat % form.count  # 0-based seat after the discarder
        try:
            verdict = may_i.resolve_may_i(v, form.count, current, [s - 1 for s in form.claimant_seats],
                                          round_number=form.round_number, cards=form.discards,
                                          first_seat=1)  # seats as players number them
        except RulesInputError as err:
            form.cards.errors = list(form.cards.errors) + [str(err)]
        if verdict is not None:
            applied = rules_applied(v, verdict.citations, "may-i", prefer=("may-i",))
    without = None  # a variant whose rules have no May I: said at once, before any seat is tapped
    if verdict is None and not submitted:
        chosen = _variant_or_none(form.variant.data)
        if chosen is not None and not chosen.may_i.allowed:
            without = may_i.resolve_may_i(chosen, chosen.players.min, 0, [], first_seat=1)
            form.variant.variant = chosen
            applied = rules_applied(chosen, without.citations, "may-i", prefer=("may-i",))
    count = form.count if getattr(form, "count", None) else _guess_players(form.players.data)
    status = 400 if submitted and (any(form.errors.values()) or getattr(form, "claim_errors", [])) else 200
    return render_template("tools/may_i.html", form=form, verdict=verdict, applied=applied,
                           seats=list(range(1, MAX_SEATS + 1)), count=count,
                           claimed={str(s) for s in request.form.getlist("claimants")},
                           without=without,
                           variants=[v for v in with_chosen(all_variants(), form.variant.data)
                                     if v.may_i.allowed or v.id == form.variant.data]), status


def _variant_or_none(variant_id: object):
    try:
        return get_variant(variant_id)
    except RulesInputError:
        return None


def _guess_players(raw) -> int:
    try:
        return min(max(int(str(raw).strip()), 2), MAX_SEATS)
    except ValueError:
        return 4


@bp.route("/tools/roy", methods=["GET", "POST"])
def tool_roy():
    form = RoyForm()
    verdict = None
    applied = []
    submitted = request.method == "POST"
    tapped = submitted and form.apply_keypad(request.form)
    v = get_variant("roy")
    if submitted and form.validate():
        try:
            verdict = roy.check_play(form.top_card, form.played, announced_suit=form.announced_suit.data or None,
                                     pending_draw=form.pending_draw, announce=form.announce.data or None,
                                     variant=v)
        except RulesInputError as err:
            at = _field_for(err, {"top": "top", "cards": "cards", "announced_suit": "announced_suit",
                                  "pending_draw": "pending", "announce": "announce"}, "cards")
            label = {"top": _("Top card"), "cards": _("Cards played"),
                     "announced_suit": _("Suit named with the jack on top"),
                     "pending": _("Cards owed"), "announce": _("Suit named")}[at]
            if at == "announce" and not form.announce.data:
                err = RulesInputError(_("a jack played alone changes the suit: choose the suit the player named"))
            form[at].errors = list(form[at].errors) + [labelled(label, err)]
        if verdict is not None:
            anchors = roy_anchors(v, form.top_card, form.played, form.pending_draw, form.announced_suit.data or None)
            applied = rules_applied(v, verdict.citations, anchors[0], prefer=anchors)
    elif tapped:
        form.top.errors = []
        form.cards.errors = []
    status = 400 if submitted and not tapped and any(form.errors.values()) else 200
    return render_template("tools/roy.html", form=form, verdict=verdict, applied=applied, v=v,
                           suit_select=suit_select(), pending_select=pending_select(),
                           ranks=keypad_ranks(), suits=keypad_suits()), status
