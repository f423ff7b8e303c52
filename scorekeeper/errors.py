"""Every error answer in one place: JSON (``{"error": ...}``) under ``/api/``, an HTML page in the
reader's language elsewhere (``templates/games/error.html``, ``templates/security_error.html`` for
refusals), plain text for the PDF scoresheets' query errors."""
from __future__ import annotations

from flask import Flask, Response, jsonify, render_template, request
from flask_babel import gettext as _, lazy_gettext as _l
from flask_limiter import RateLimitExceeded
from werkzeug.exceptions import HTTPException

from .api.request import ApiError
from .scoresheets.sheets import SheetQueryError
from .services.errors import Conflict, Forbidden, NotFound, ServiceError, Unauthorized, Unprocessable


# The names of the HTTP errors a page can show, and what they mean when the code said nothing more
# (the English is Werkzeug's own); the API says the same meanings.
ERROR_NAMES = {
    400: _l("Bad Request"), 403: _l("Forbidden"), 404: _l("Not Found"), 405: _l("Method Not Allowed"),
    413: _l("Request Entity Too Large"), 500: _l("Internal Server Error"),
}
ERROR_MEANINGS = {
    400: _l("The browser (or proxy) sent a request that this server could not understand."),
    403: _l("You don't have the permission to access the requested resource. It is either read-protected or not "
            "readable by the server."),
    404: _l("The requested URL was not found on the server. If you entered the URL manually please check your "
            "spelling and try again."),
    405: _l("The method is not allowed for the requested URL."),
    413: _l("The data value transmitted exceeds the capacity limit."),
    415: _l("The server does not support the media type transmitted in the request."),
    500: _l("The server encountered an internal error and was unable to complete your request. Either the server "
            "is overloaded or there is an error in the application."),
}
def is_api() -> bool:
    """The JSON API: the ``api`` blueprint (and any nested in it), everything under its prefix."""
    from .api.blueprint import bp as api

    return request.path.startswith(f"{api.url_prefix}/") or (request.blueprint or "").split(".")[0] == "api"


def refusal(status: int, title: str, message: str):
    """A refusal: the API's JSON error, or a page saying ``message`` under ``title``."""
    if is_api():
        return jsonify({"error": message}), status
    return render_template("security_error.html", title=title, message=message), status


def _http_error(err: HTTPException):
    if is_api():
        said = error_message(err) or err.name
        if request.blueprint:
            message = said
        else:  # no API route matched: say which address and method
            message = f"{request.method} {request.path[:200]}: {said}"
        response = jsonify({"error": message})
        response.status_code = err.code or 500
        allowed = getattr(err, "valid_methods", None)
        if err.code == 405 and allowed:
            response.headers["Allow"] = ", ".join(allowed)
        return response
    if err.code is None or err.code < 400:
        return err
    page = err.get_response()  # (with its headers: a 405's Allow)
    page.set_data(render_template("games/error.html", error=err))
    page.mimetype = "text/html"
    return page


def error_title(err: HTTPException) -> str:
    """The error's name in the reader's language (templates/games/error.html)."""
    return str(ERROR_NAMES.get(err.code, err.name)) if err.code is not None else err.name


def error_message(err: HTTPException) -> str:
    """The message the code gave (translated where it was written), else what the error means."""
    if err.description == type(err).description and err.code in ERROR_MEANINGS:
        return str(ERROR_MEANINGS[err.code])
    return err.description or ""


def _api_error(err: ApiError):
    return jsonify({"error": err.message, **err.extra}), err.status


# The HTTP status of each kind of the services' refusals (scorekeeper/services/errors.py): the one
# place a refusal becomes a status; any other refusal is a 400.
SERVICE_STATUS: dict[type[ServiceError], int] = {
    NotFound: 404, Unauthorized: 401, Forbidden: 403, Conflict: 409, Unprocessable: 422,
}


def service_status(err: ServiceError) -> int:
    """The status that answers a service's refusal (``SERVICE_STATUS``)."""
    return next((status for kind, status in SERVICE_STATUS.items() if isinstance(err, kind)), 400)


def _service_error(err: ServiceError):
    """A service's refusal: the API's JSON error; on a page's JSON address (a round's
    ``proposals.json``, polled by a script) the same JSON, never kept; else the message on a page."""
    status = service_status(err)
    if is_api():
        return jsonify(err.as_json()), status
    if request.path.endswith(".json"):
        return jsonify(err.as_json()), status, {"Cache-Control": "no-store"}
    return refusal(status, _("Not accepted"), err.message[:1].upper() + err.message[1:])


def _too_many(err: RateLimitExceeded):
    """Over a rate limit: on writes (``scorekeeper/security.py``), on tables imported without
    their edit token (api/tables.py) or on PDF renders."""
    if getattr(err.limit, "scope", None) == "anonymous-import":
        return refusal(429, _("Too many imports"), _(
            "Too many tables imported from this address without their edit token (limit: %(limit)s); try again "
            "later.", limit=err.limit.limit))
    if request.method in ("POST", "PUT", "PATCH", "DELETE"):
        return refusal(429, _("Too many changes"), _(
            "Too many changes from this address (limit: %(limit)s); wait a minute and try again.", limit=err.limit.limit))
    return refusal(429, _("Too many printed scoresheets"), _(
        "Too many printed scoresheets from this address (limit: %(limit)s); wait a minute and try again.",
        limit=err.limit.limit))


def _sheet_query(err: SheetQueryError):
    return Response(err.message + "\n", status=err.status, mimetype="text/plain")


def init_app(app: Flask) -> None:
    app.register_error_handler(HTTPException, _http_error)
    app.add_template_global(error_title)
    app.add_template_global(error_message)
    app.register_error_handler(ApiError, _api_error)
    app.register_error_handler(ServiceError, _service_error)
    app.register_error_handler(RateLimitExceeded, _too_many)
    app.register_error_handler(SheetQueryError, _sheet_query)
