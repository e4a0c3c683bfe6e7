"""The portal's web application: login, document library, record tables, forms.

Everything it shows comes from the checked description and the workspace's
own files; it keeps no other data. Each refusal has its own status and
writes nothing: 403 outside loopback, a redirect to the login page (or 401
for anything but a page view) without a session, 401 for a wrong password,
404 for a document, record or form that is not listed, 400 for a path that
tries to hide its shape (encoded slashes or percent signs), 422 for a
submission that breaks its form's rules, 413 for an oversized body.

Every post (sign-in, a form, sign-out) must come from this portal's own
pages: a post whose Origin is another site is refused with 403, and one
without the page's CSRF token (the hidden `csrf_token` field, or the
`X-CSRF-Token` header) with 400. A token is a random nonce and its HMAC
under the application's secret and the session's id, so any token from a
page of the same session is good, a token of another session or another
run's portal is not, and the sign-in page needs no cookie before sign-in.
A worker using curl fetches the page that holds the form, reads the token
and posts it (portal/portal.json says how).
"""

from __future__ import annotations

import hmac
import ipaddress
import logging
import mimetypes
import secrets
from dataclasses import dataclass
from typing import Any
from urllib.parse import unquote, urlsplit

from flask import Flask, Response, abort, redirect, render_template, request, send_file, session, url_for
from werkzeug.exceptions import HTTPException, SecurityError

from whitecollar.lab.portal import PortalError
from whitecollar.lab.portal.description import PortalDescription
from whitecollar.lab.portal.forms import check_submission
from whitecollar.lab.portal.submissions import ACCEPTED, SubmissionError, SubmissionLog, record_json

MAX_BODY_BYTES = 64 * 1024
SHOWN_INLINE = {
    ".pdf": "application/pdf",
    ".md": "text/plain; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
    ".csv": "text/plain; charset=utf-8",
    ".json": "text/plain; charset=utf-8",
    ".png": "image/png",
}
PUBLIC_ENDPOINTS = {"login", "favicon"}
CSRF_FIELD = "csrf_token"
CSRF_HEADER = "X-CSRF-Token"
SAFE_METHODS = {"GET", "HEAD", "OPTIONS"}
CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"


@dataclass(frozen=True)
class Credentials:
    username: str
    password: str

    @classmethod
    def random(cls) -> Credentials:
        """Fresh per run, so nothing learnt in one run opens another run's portal."""
        return cls(f"analyst-{secrets.token_hex(3)}", secrets.token_urlsafe(18))


def _loopback(addr: str | None) -> bool:
    try:
        return addr is not None and ipaddress.ip_address(addr.split("%", 1)[0]).is_loopback
    except ValueError:
        return False


def _hidden_shape(raw_uri: str) -> bool:
    """An encoded slash, backslash or percent sign in the path: a traversal trying to pass as a name."""
    path = urlsplit(raw_uri).path.lower() if raw_uri else ""
    return any(code in path for code in ("%2f", "%5c", "%25", "%00")) or "\\" in unquote(path)


def _safe_next(target: str | None) -> str | None:
    if target and target.startswith("/") and not target.startswith("//") and "\\" not in target:
        return target
    return None


def _same_origin(origin: str, host_url: str) -> bool:
    """Whether an Origin header names this server (scheme, host and port), as the browser sent it."""
    mine, theirs = urlsplit(host_url), urlsplit(origin)
    return (theirs.scheme, theirs.netloc.lower()) == (mine.scheme, mine.netloc.lower())


def _mac(secret: bytes, binding: str, nonce: str) -> str:
    return hmac.new(secret, f"csrf|{binding}|{nonce}".encode(), "sha256").hexdigest()


def new_csrf_token(secret: bytes, binding: str) -> str:
    """A fresh token for the session `binding` (its id; "" before sign-in)."""
    nonce = secrets.token_urlsafe(12)
    return f"{nonce}.{_mac(secret, binding, nonce)}"


def csrf_token_valid(secret: bytes, binding: str, token: str | None) -> bool:
    nonce, _, mac = (token or "").partition(".")
    return bool(nonce and mac) and hmac.compare_digest(mac.encode(), _mac(secret, binding, nonce).encode())


class _Portal:
    """The route handlers of one application, sharing its description, credentials, log and secret."""

    def __init__(
        self, description: PortalDescription, credentials: Credentials, log: logging.Logger, secret: bytes
    ) -> None:
        self.d = description
        self.credentials = credentials
        self.log = log
        self.secret = secret
        self.submissions = SubmissionLog(description.workspace / "out")

    def chrome(self) -> dict[str, Any]:
        """What every template is given: the description, the signed-in user and a token maker."""
        return {
            "portal": self.d,
            "user": session.get("user"),
            "csrf_token": lambda: new_csrf_token(self.secret, session.get("sid", "")),
        }

    def refuse_forgery(self) -> None:
        """403 for a post from another origin, 400 for one without this session's token."""
        log = self.log
        origin = request.headers.get("Origin")
        if (origin is not None and not _same_origin(origin, request.host_url)) or request.headers.get(
            "Sec-Fetch-Site"
        ) == "cross-site":
            log.warning(
                "refused %s %s: cross-origin post (Origin %r)", request.method, request.path, (origin or "")[:80]
            )
            abort(403, "Posts from another site are refused.")
        sent = request.headers.get(CSRF_HEADER)
        if sent is None and not request.is_json:
            sent = request.form.get(CSRF_FIELD)
        if not csrf_token_valid(self.secret, session.get("sid", ""), sent):
            log.warning("refused %s %s: %s CSRF token", request.method, request.path, "wrong" if sent else "no")
            abort(
                400,
                f"The CSRF token is {'wrong' if sent else 'missing'}: fetch the page that holds the form "
                f"and send its {CSRF_FIELD} field (or the {CSRF_HEADER} header) with the post.",
            )

    def _refuse_address(self) -> Response | None:
        """Refuse a request whose Host, peer or path is not acceptable, before anything else looks at it."""
        log = self.log
        if isinstance(request.routing_exception, SecurityError):  # a Host header that is not this machine
            log.warning("refused %s %s: untrusted Host header", request.method, request.path)
            return Response(
                "Bad Request: this portal answers only as 127.0.0.1 or localhost.\n", 400, mimetype="text/plain"
            )
        if not _loopback(request.remote_addr):
            log.warning("refused %s %s from %s: not loopback", request.method, request.path, request.remote_addr)
            abort(403, "This portal answers only on this machine.")
        if _hidden_shape(request.environ.get("RAW_URI") or request.environ.get("REQUEST_URI") or ""):
            abort(400, "Encoded slashes and percent signs are not accepted in addresses.")
        return None

    def guard(self):
        """Every request passes here first: address checks, forgery checks, then the sign-in check."""
        refused = self._refuse_address()
        if refused is not None:
            return refused
        if request.method not in SAFE_METHODS and request.endpoint is not None:
            self.refuse_forgery()
        if request.endpoint in PUBLIC_ENDPOINTS:
            return None
        if session.get("user") != self.credentials.username:
            if request.method in ("GET", "HEAD"):
                return redirect(url_for("login", next=request.full_path.rstrip("?")), 303)
            abort(401, "Sign in first.")
        return None

    def headers(self, resp):
        """The headers every answer carries, and its line in the log."""
        resp.headers.setdefault("Content-Security-Policy", CSP)
        resp.headers["X-Content-Type-Options"] = "nosniff"
        resp.headers["Cache-Control"] = "no-store"
        # not no-referrer: under it a browser sends "Origin: null" with the portal's own posts
        resp.headers["Referrer-Policy"] = "same-origin"
        self.log.info("%s %s %s %s", request.remote_addr, request.method, request.path, resp.status_code)
        return resp

    def error_page(self, exc: HTTPException):
        """Every refusal as a page of the portal, with its own status."""
        return render_template("error.html", code=exc.code, name=exc.name, description=exc.description), exc.code

    def login(self):
        """The sign-in page, and the check of the one user name and password this run accepts."""
        credentials = self.credentials
        nxt = _safe_next(request.values.get("next"))
        if request.method == "GET":
            if session.get("user") == credentials.username:
                return redirect(nxt or url_for("library"), 303)
            return render_template("login.html", next=nxt, error=None, username="")
        user = request.form.get("username", "")
        ok_user = hmac.compare_digest(user.encode(), credentials.username.encode())
        ok_pass = hmac.compare_digest(request.form.get("password", "").encode(), credentials.password.encode())
        if not (ok_user and ok_pass):
            self.log.warning("login refused for %r", user[:80])
            return render_template(
                "login.html", next=nxt, username=user, error="The user name or password is not correct."
            ), 401
        session.clear()
        session["user"] = credentials.username
        session["sid"] = secrets.token_urlsafe(16)  # binds this session's CSRF tokens
        self.log.info("login %s", user)
        return redirect(nxt or url_for("library"), 303)

    def favicon(self):
        """An empty answer for the icon browsers ask for on every page."""
        return "", 204  # browsers ask for it on every page; an empty answer keeps the log free of 404s

    def logout(self):
        """Sign out and go back to the sign-in page."""
        session.clear()
        return redirect(url_for("login"), 303)

    def home(self):
        """The portal's front page is the document library."""
        return redirect(url_for("library"), 303)

    def library(self):
        """The list of documents, with each one's size (None when it cannot be read)."""
        d = self.d
        sizes = {}
        for doc in d.documents:
            try:
                sizes[doc.path] = d.document_file(doc).stat().st_size
            except (PortalError, OSError):
                sizes[doc.path] = None
        return render_template("library.html", documents=d.documents, sizes=sizes)

    def document(self, relpath: str):
        """One listed document, shown inline when the browser can show it safely, else as a download."""
        d = self.d
        doc = d.document(relpath)
        if doc is None:
            abort(404, "There is no such document in the library.")
        try:
            path = d.document_file(doc)
        except PortalError as exc:
            self.log.warning("document %s not served: %s", relpath, exc)
            abort(404, "There is no such document in the library.")
        suffix = path.suffix.lower()
        inline = suffix in SHOWN_INLINE
        mimetype = SHOWN_INLINE.get(suffix) or mimetypes.guess_type(doc.name)[0] or "application/octet-stream"
        resp = send_file(
            path, mimetype=mimetype, as_attachment=not inline, download_name=doc.name, conditional=False, etag=False
        )
        if suffix == ".pdf":
            resp.headers["Content-Security-Policy"] = "sandbox"
        return resp

    def records(self):
        """The list of record tables."""
        return render_template("records.html", records=self.d.records)

    def record(self, record_id: str):
        """One listed record table."""
        table = self.d.record(record_id)
        if table is None:
            abort(404, "There is no such record table.")
        return render_template("record.html", table=table)

    def forms(self):
        """The list of forms."""
        return render_template("forms.html", forms=self.d.forms)

    @staticmethod
    def _submitted() -> dict[str, list[Any]]:
        """A post's fields as lists of values, from a JSON object or an HTML form (without its CSRF token)."""
        if request.is_json:
            body = request.get_json(silent=True)
            if not isinstance(body, dict):
                abort(400, "A JSON submission must be an object of field names and values.")
            return {k: (v if isinstance(v, list) else [v]) for k, v in body.items()}
        return {k: request.form.getlist(k) for k in request.form if k != CSRF_FIELD}

    def form(self, form_id: str):
        """One listed form: its page, or a submission checked against its rules and then recorded."""
        log = self.log
        spec = self.d.form(form_id)
        if spec is None:
            abort(404, "There is no such form.")
        if request.method == "GET":
            return render_template("form.html", form=spec, entered={}, errors={}, general=[])
        submitted = self._submitted()
        checked = check_submission(spec, submitted)
        if not checked.ok:
            log.warning("submission to %s refused: %s", form_id, "; ".join(checked.reasons()))
            general = [checked.errors[""]] if "" in checked.errors else []
            return render_template(
                "form.html", form=spec, entered=checked.entered, errors=checked.errors, general=general, refused=True
            ), 422
        try:
            rec = self.submissions.append(spec.id, checked.values, user=session["user"])
        except (SubmissionError, OSError) as exc:
            log.error("submission to %s could not be recorded: %s", form_id, exc)
            abort(503, "The submission could not be recorded. Nothing was saved; try again.")
        log.info("%s%s", ACCEPTED, record_json(rec))
        return redirect(url_for("submission", form_id=spec.id, number=rec["id"]), 303)

    def submission(self, form_id: str, number: int):
        """One recorded submission to a listed form."""
        spec = self.d.form(form_id)
        rec = self.submissions.find(form_id, number) if spec else None
        if rec is None:
            abort(404, "There is no such submission.")
        return render_template("submitted.html", form=spec, rec=rec)

    def register(self, app: Flask) -> None:
        """Hook the handlers into `app`, in the order and under the endpoint names the portal has always used."""
        app.context_processor(self.chrome)
        app.before_request(self.guard)
        app.after_request(self.headers)
        app.register_error_handler(HTTPException, self.error_page)
        for rule, endpoint, methods in _ROUTES:
            app.add_url_rule(rule, endpoint, getattr(self, endpoint), methods=methods)


# (rule, endpoint and handler name, methods); None is Flask's default (GET, with HEAD and OPTIONS)
_ROUTES: tuple[tuple[str, str, list[str] | None], ...] = (
    ("/login", "login", ["GET", "POST"]),
    ("/favicon.ico", "favicon", None),
    ("/logout", "logout", ["GET", "POST"]),
    ("/", "home", None),
    ("/documents", "library", None),
    ("/documents/<path:relpath>", "document", None),
    ("/records", "records", None),
    ("/records/<record_id>", "record", None),
    ("/forms", "forms", None),
    ("/forms/<form_id>", "form", ["GET", "POST"]),
    ("/forms/<form_id>/submissions/<int:number>", "submission", None),
)


def create_app(
    description: PortalDescription, credentials: Credentials, *, logger: logging.Logger | None = None
) -> Flask:
    """The application for one workspace; `credentials` are the only ones it accepts."""
    log = logger or logging.getLogger("whitecollar.lab.portal")
    app = Flask(__name__)
    app.config.update(
        SECRET_KEY=secrets.token_bytes(32),
        SESSION_COOKIE_NAME="portal_session",
        SESSION_COOKIE_HTTPONLY=True,
        SESSION_COOKIE_SAMESITE="Strict",
        MAX_CONTENT_LENGTH=MAX_BODY_BYTES,
        MAX_FORM_MEMORY_SIZE=MAX_BODY_BYTES,
        TRUSTED_HOSTS=["127.0.0.1", "localhost", "::1"],
    )
    app.url_map.merge_slashes = False
    app.url_map.strict_slashes = False
    _Portal(description, credentials, log, app.config["SECRET_KEY"]).register(app)
    return app
