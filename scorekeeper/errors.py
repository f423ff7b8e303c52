"""Every error answer in one place: JSON (``{"error": ...}``) under ``/api/``, an HTML page
elsewhere (the game pages' own ``templates/games/error.html``, ``templates/security_error.html``
for refusals), plain text for the PDF scoresheets' query errors."""
from __future__ import annotations

from flask import Flask, Response, jsonify, render_template, request
from flask_babel import lazy_gettext as _l
from flask_limiter import RateLimitExceeded
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException

from .api import ApiError
from .scoresheets.sheets import SheetQueryError
from .services.errors import ServiceError


def is_api() -> bool:
    """The JSON API: the ``api`` blueprint (and any nested in it), everything under /api/."""
    return request.path.startswith("/api/") or (request.blueprint or "").split(".")[0] == "api"


def refusal(status: int, title: str, message: str):
    """A refusal: the API's JSON error, or a page saying ``message`` under ``title``."""
    if is_api():
        return jsonify({"error": message}), status
    return render_template("security_error.html", title=title, message=message), status


#: The HTTP errors' own sentences in the reader's language, for the API's answers.
_HTTP_SENTENCES = {
    400: _l("The browser (or proxy) sent a request that this server could not understand."),
    404: _l("The requested URL was not found on the server. If you entered the URL manually please check your "
            "spelling and try again."),
    405: _l("The method is not allowed for the requested URL."),
    413: _l("The data value transmitted exceeds the capacity limit."),
    415: _l("The server does not support the media type transmitted in the request."),
}


def _http_error(err: HTTPException):
    if is_api():
        said = err.description or err.name
        if err.description == type(err).description and err.code in _HTTP_SENTENCES:
            said = str(_HTTP_SENTENCES[err.code])
        if request.blueprint:
            message = said
        else:  # no API route matched: say which address and method
            message = f"{request.method} {request.path[:200]}: {said}"
        response = jsonify({"error": message})
        response.status_code = err.code or 500
        if err.code == 405 and getattr(err, "valid_methods", None):
            response.headers["Allow"] = ", ".join(err.valid_methods)
        return response
    if (request.blueprint or "") == "games" and err.code in (400, 403, 404):
        return render_template("games/error.html", error=err), err.code
    return err


def _api_error(err: ApiError):
    return jsonify({"error": err.message, **err.extra}), err.status


def _service_error(err: ServiceError):
    """A refusal of the games service: the API's JSON error, or the message on a page."""
    if is_api():
        return jsonify(err.as_json()), err.status
    return refusal(err.status, "Not accepted", err.message[:1].upper() + err.message[1:])


def _too_many(err: RateLimitExceeded):
    """Over a rate limit: on writes (``scorekeeper/security.py``) or on PDF renders."""
    what = "changes" if request.method in ("POST", "PUT", "PATCH", "DELETE") else "printed scoresheets"
    return refusal(429, f"Too many {what}",
                   f"Too many {what} from this address (limit: {err.limit.limit}); wait a minute and try again.")


def _csrf_failed(err: CSRFError):
    return refusal(400, "Form expired", err.description)


def _sheet_query(err: SheetQueryError):
    return Response(err.message + "\n", status=err.status, mimetype="text/plain")


def init_app(app: Flask) -> None:
    app.register_error_handler(HTTPException, _http_error)
    app.register_error_handler(ApiError, _api_error)
    app.register_error_handler(ServiceError, _service_error)
    app.register_error_handler(RateLimitExceeded, _too_many)
    app.register_error_handler(CSRFError, _csrf_failed)
    app.register_error_handler(SheetQueryError, _sheet_query)
