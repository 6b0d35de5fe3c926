// The student page of a prohis_nb class (docs/live.md, "Protocol"). No build step, no library.
// It draws what the server sends: the seat's table (HTML made by the game's renderer) and its
// legal actions as buttons; a convoy, a bribe or a declaration is composed card by card, and only
// a legal action can be sent. The seat token stays in this browser (localStorage).
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  const params = new URLSearchParams(location.search);
  let room = (params.get("room") || localStorage.getItem("prohis-live:last") || "").toUpperCase();
  let socket = null, state = null, retry = 0, closedForGood = false, busy = false;

  const key = (code) => "prohis-live:" + code;
  const el = (tag, attrs, ...children) => {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attrs || {})) {
      if (name === "onclick") node.addEventListener("click", value);
      else if (name === "text") node.textContent = value;
      else if (value !== false && value !== null && value !== undefined) node.setAttribute(name, value);
    }
    for (const child of children) node.append(child);
    return node;
  };
  const setText = (id, text) => { $(id).textContent = text || ""; };
  const showMessage = (text, ok) => {
    $("message").replaceChildren(text ? el("div", {class: ok ? "pnb-ok" : "pnb-error", text}) : "");
  };

  function showJoin(error) {
    $("play").hidden = true; $("join").hidden = false;
    $("room").value = room;
    $("join-error").hidden = !error; $("join-error").textContent = error || "";
    // Came by the QR code (?room=...): the code is filled in, only the name is left to type.
    (room ? $("name") : $("room")).focus();
  }

  $("join").addEventListener("submit", async (event) => {
    event.preventDefault();
    const code = $("room").value.replace(/\s+/g, "").toUpperCase();
    const name = $("name").value.trim();
    try {
      const response = await fetch("/api/join", {method: "POST",
        headers: {"Content-Type": "application/json"}, body: JSON.stringify({room: code, name})});
      const data = await response.json();
      if (!response.ok) { showJoin(data.message || "could not join"); return; }
      room = data.room;
      localStorage.setItem(key(room), data.token);
      localStorage.setItem("prohis-live:last", room);
      history.replaceState(null, "", "/?room=" + encodeURIComponent(room));
      connect();
    } catch (error) { showJoin("cannot reach the class server: check the Wi-Fi"); }
  });

  function connect() {
    const token = room && localStorage.getItem(key(room));
    if (!token) { showJoin(); return; }
    $("join").hidden = true; $("play").hidden = false;
    setText("connection", "connecting…");
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    socket = new WebSocket(scheme + "//" + location.host + "/ws");
    socket.onopen = () => {
      retry = 0; $("connection").classList.remove("pnb-offline");
      socket.send(JSON.stringify({type: "hello", token}));
    };
    socket.onmessage = (event) => receive(JSON.parse(event.data));
    socket.onclose = (event) => {
      socket = null;
      if (closedForGood || event.code === 4401) return;
      if (event.code === 4409) {  // the same seat opened in another window: leave it there
        setText("connection", "Your seat is open in another window or tab: play there.");
        return;
      }
      $("connection").classList.add("pnb-offline");
      setText("connection", "Connection lost: reconnecting to your seat… (your seat is kept for you)");
      busy = false; drawControls();
      const wait = Math.min(5000, 400 * 2 ** retry++);
      setTimeout(connect, wait);
    };
  }

  // Who you are, and whose turn it is, in words (the board below shows the cards).
  function showNotice(msg) {
    const notice = $("notice");
    const yours = msg.view && msg.view.to_act === msg.seat && msg.controls && msg.controls.groups.length;
    notice.classList.toggle("pnb-your-turn", Boolean(yours) && !msg.paused);
    const where = "Round " + msg.round + " of " + msg.rounds + " · table " + msg.table + " · you are seat " + msg.seat;
    let now;
    if (msg.paused) now = "The teacher has paused the class: wait a moment.";
    else if (msg.view && msg.view.ended) now = "This game is over.";
    else if (yours) now = "Your turn.";
    else {
      const other = (msg.seats || []).find((s) => s.seat === (msg.view && msg.view.to_act));
      now = other ? "Waiting for seat " + other.seat + (other.who === "bot" ? " (a bot)" : "") +
        (other.away ? ", whose connection dropped" : "") + "…" : "Waiting…";
    }
    notice.textContent = where + ". " + now;
  }

  function send(action) {
    if (!socket || !state || busy) return;
    busy = true; drawControls();
    socket.send(JSON.stringify({type: "act", seq: state.seq, screen: state.screen, action}));
  }

  function receive(msg) {
    switch (msg.type) {
      case "welcome":
        setText("who", msg.name); setText("connection", "connected"); break;
      case "state":
        state = msg; busy = false; showMessage("");
        showNotice(msg);
        $("board").innerHTML = msg.board;  // drawn by the server's renderer from this seat's view
        drawControls(); break;
      case "waiting":
        state = null; busy = false; $("controls").replaceChildren();
        if (msg.reason === "lobby") { $("board").replaceChildren(); setText("notice", "You're in! The game starts when the teacher says so."); }
        else if (msg.reason === "round_over") setText("notice", "Round over: look at how your game ended below. Round " + msg.round + " starts soon.");
        else { $("board").replaceChildren(); setText("notice", "You're in! You will be seated for round " + msg.round + "."); }
        break;
      case "paused":
        if (state) { state.paused = msg.paused; showNotice(state); }
        else setText("notice", msg.paused ? "The teacher has paused the class: wait a moment." : "The class goes on.");
        break;
      case "ack": break;
      case "refused":
        busy = false; showMessage("Not taken: " + msg.message); drawControls(); break;
      case "error":
        busy = false; showMessage(msg.message);
        if (msg.code === "removed") closedForGood = true;
        if (msg.code === "unknown_token") { localStorage.removeItem(key(room)); closedForGood = true; showJoin("please join again"); }
        break;
      case "ended":
        state = null; $("controls").replaceChildren();
        setText("notice", "The class has ended. Thank you for playing!"); closedForGood = true;
        if (socket) socket.close(); break;
    }
  }

  // ------------------------------------------------------------------ controls

  function drawControls() {
    const box = $("controls");
    if (!state || !state.controls || !state.controls.groups.length) { box.replaceChildren(); return; }
    const cards = state.controls.cards || {};
    const groups = state.controls.groups.map((group) => {
      const section = el("section", {class: "pnb-group"}, el("h2", {text: group.heading}));
      for (const composer of group.composers) section.append(makeComposer(composer, cards));
      if (group.buttons.length) {
        section.append(el("div", {class: "pnb-row"}, ...group.buttons.map((b) =>
          el("button", {text: b.label, disabled: busy, onclick: () => send(b.action)}))));
      }
      return section;
    });
    box.replaceChildren(...groups);
  }

  const cardName = (cards, kind) => (cards[kind] && cards[kind].name) || kind;
  const multisetKey = (items) => items.slice().sort().join(",");

  function subMultisets(items) {
    const counts = {};
    for (const item of items) counts[item] = (counts[item] || 0) + 1;
    let subsets = [[]];
    for (const [kind, n] of Object.entries(counts)) {
      const next = [];
      for (const s of subsets) for (let i = 0; i <= n; i++) next.push(s.concat(Array(i).fill(kind)));
      subsets = next;
    }
    return subsets.map(multisetKey);
  }

  function makeComposer(c, cards) {
    if (c.kind === "cards") return cardComposer(c, cards);
    if (c.kind === "counts") return countComposer(c, cards);
    if (c.kind === "items") return itemComposer(c, cards);
    return el("div");
  }

  // Pick cards from the hand one by one (a convoy: in order). Only legal choices can be sent.
  function cardComposer(c, cards) {
    const keyOf = (kinds) => c.ordered ? kinds.join(",") : multisetKey(kinds);
    const legal = new Map(c.choices.map((choice) => [keyOf(choice), choice]));
    const prefixes = new Set();
    for (const choice of c.choices) {
      if (c.ordered) for (let n = 0; n <= choice.length; n++) prefixes.add(choice.slice(0, n).join(","));
      else for (const s of subMultisets(choice)) prefixes.add(s);
    }
    const most = {};
    for (const choice of c.choices) {
      const counts = {};
      for (const k of choice) counts[k] = (counts[k] || 0) + 1;
      for (const [k, n] of Object.entries(counts)) most[k] = Math.max(most[k] || 0, n);
    }
    const seen = {}, hand = [];
    for (const k of c.hand) { seen[k] = (seen[k] || 0) + 1; if (seen[k] <= (most[k] || 0)) hand.push(k); }
    const picked = [];
    const root = el("div", {class: "pnb-composer", "data-act": c.act});
    const draw = () => {
      const kinds = picked.map((i) => hand[i]);
      const buttons = hand.map((kind, i) => el("button", {text: cardName(cards, kind),
        disabled: busy || picked.includes(i) || !prefixes.has(keyOf(kinds.concat([kind]))),
        onclick: () => { picked.push(i); draw(); }}));
      const shown = el("div", {class: "pnb-picked"});
      if (kinds.length) {
        shown.append(el("span", {text: c.ordered ? "Picked (in this order): " : "Picked: "}));
        for (const kind of kinds) { const s = el("span"); s.innerHTML = cards[kind] ? cards[kind].picture : kind; shown.append(s); }
      } else shown.append(el("span", {text: "Pick cards from your hand."}));
      const choice = legal.get(keyOf(kinds));
      root.replaceChildren(el("div", {class: "pnb-row"}, ...buttons), shown, el("div", {class: "pnb-row"},
        el("button", {class: "primary", text: c.send, disabled: busy || !choice, onclick: () => send({act: c.act, cards: choice})}),
        el("button", {text: "Clear", disabled: busy || !picked.length, onclick: () => { picked.length = 0; draw(); }})));
    };
    draw();
    return root;
  }

  // A bribe: "+" and "-" per kind, at most up_to of each, at least one card, none of "except".
  function countComposer(c, cards) {
    const counts = {};
    for (const kind of Object.keys(c.up_to)) counts[kind] = 0;
    const refused = new Set((c.except || []).map((offer) => JSON.stringify(Object.keys(offer).sort().map((k) => [k, offer[k]]))));
    const root = el("div", {class: "pnb-composer", "data-act": c.act});
    const draw = () => {
      const chosen = Object.keys(counts).filter((k) => counts[k] > 0).sort();
      const total = chosen.reduce((sum, k) => sum + counts[k], 0);
      const isRefused = refused.has(JSON.stringify(chosen.map((k) => [k, counts[k]])));
      const rows = Object.keys(counts).map((kind) => el("div", {class: "pnb-kind"},
        el("span", {text: cardName(cards, kind) + " (you hold " + c.up_to[kind] + ")"}),
        el("button", {text: "−", "aria-label": "one " + cardName(cards, kind) + " less", disabled: busy || !counts[kind],
          onclick: () => { counts[kind]--; draw(); }}),
        el("b", {text: String(counts[kind])}),
        el("button", {text: "+", "aria-label": "one " + cardName(cards, kind) + " more", disabled: busy || counts[kind] >= c.up_to[kind],
          onclick: () => { counts[kind]++; draw(); }})));
      const cardsList = [];
      for (const k of chosen) for (let i = 0; i < counts[k]; i++) cardsList.push(k);
      root.replaceChildren(...rows, el("div", {class: "pnb-row"},
        el("button", {class: "primary", text: c.send, disabled: busy || !total || isRefused,
          onclick: () => send({act: c.act, cards: cardsList})}),
        isRefused ? el("span", {text: "that offer was already refused"}) : ""));
    };
    draw();
    return root;
  }

  // A declaration: "+" and "-" per kind; only a legal multiset can be sent, shown with its duty.
  function itemComposer(c, cards) {
    const prefixes = new Set();
    for (const k of Object.keys(c.choices)) for (const s of subMultisets(k ? k.split(",") : [])) prefixes.add(s);
    const items = [];
    const root = el("div", {class: "pnb-composer", "data-act": c.act});
    const draw = () => {
      const key = multisetKey(items);
      const rows = c.kinds.map((kind) => el("div", {class: "pnb-kind"},
        el("span", {text: cardName(cards, kind)}),
        el("button", {text: "−", "aria-label": "one " + cardName(cards, kind) + " less", disabled: busy || !items.includes(kind),
          onclick: () => { items.splice(items.lastIndexOf(kind), 1); draw(); }}),
        el("b", {text: String(items.filter((i) => i === kind).length)}),
        el("button", {text: "+", "aria-label": "one " + cardName(cards, kind) + " more",
          disabled: busy || !prefixes.has(multisetKey(items.concat([kind]))),
          onclick: () => { items.push(kind); draw(); }})));
      const words = c.choices[key];
      root.replaceChildren(...rows,
        el("div", {class: "pnb-picked", text: items.length ? "Your declaration: " + (words || "not allowed") : "Add items with +."}),
        el("div", {class: "pnb-row"},
          el("button", {class: "primary", text: c.send, disabled: busy || !items.length || words === undefined,
            onclick: () => send({act: c.act, [c.field]: items.slice().sort()})}),
          c.empty ? el("button", {text: c.empty, disabled: busy, onclick: () => send({act: c.act, [c.field]: []})}) : "",
          el("button", {text: "Clear", disabled: busy || !items.length, onclick: () => { items.length = 0; draw(); }})));
    };
    draw();
    return root;
  }

  if (room && localStorage.getItem(key(room))) connect(); else showJoin();
})();
