// The round form follows the hands sent from the players' phones: polled every second (304 while
// none) into form.got and a "hands" event; the first hand that arrives loads
// static/js/proposals.js, which fills them in. Every answer is handled: 403, 404 and 409 stop the
// poll and say why above the form; 5xx, 429 and no network are asked again at the next tick.
import { say } from "./say.js";
import { make } from "./hand_form.js";

const EVERY = 1000;
const STOPPED = [403, 404, 409];

function whyStopped(form, status) {
  if (status === 403) {
    return say("Hands from the players' phones no longer arrive here: this phone can no longer change the game (its edit link was renewed, or it was never given).");
  }
  if (status === 404) {
    return say("Hands from the players' phones no longer arrive here: this round is not in the game.");
  }
  const number = form.querySelector("input[name=round]").value;
  return say("Hands from the players' phones no longer arrive here: round %(number)s was saved meanwhile (on another phone or tab), or the game is over.", { number });
}

export function followHands(form) {
  let tag = "";
  let stopped = false;
  let proposals = null;  // the module that fills the hands in, once the first arrived

  function stop(status) {
    stopped = true;
    let note = document.querySelector(".hands-stopped");
    if (!note) {
      note = make("p", { className: "flash flash-error hands-stopped" }, { role: "status" });
      form.before(note);
    }
    note.textContent = whyStopped(form, status);
  }

  function arrived(body) {
    form.got = body;
    if (proposals) {
      form.dispatchEvent(new Event("hands"));
    } else if (Object.keys(body.proposals).length) {
      proposals = import("./proposals.js").then(module => {
        module.fillHandsIn(form);
      });
    }
  }

  function poll() {
    if (stopped || document.hidden) {
      return;
    }
    fetch(form.dataset.proposals, { headers: { "If-None-Match": tag } }).then(response => {
      if (STOPPED.includes(response.status)) {
        stop(response.status);
        return null;
      }
      if (response.status !== 200) {
        return null;  // 304: nothing new; 5xx or 429: asked again at the next tick
      }
      tag = response.headers.get("ETag") || "";
      return response.json();
    }).then(body => {
      if (body && body.proposals && typeof body.proposals === "object") {
        arrived(body);
      }
    }, () => {
      // no network: asked again at the next tick
    });
  }

  if (form.dataset.proposals) {
    setInterval(poll, EVERY);
  }
  // static/js/offline.js moved a stored form on to the next round: its hands are asked for.
  form.addEventListener("round:moved", event => {
    tag = "";
    stopped = false;
    document.querySelectorAll(".hands-stopped").forEach(note => {
      note.remove();
    });
    if (form.dataset.proposals) {
      form.dataset.proposals = form.dataset.proposals.replace(/\d+(?=\/p)/, event.detail.round);
    }
  });
}
