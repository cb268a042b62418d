// td-assist: enter a board by tapping cards, calls and plays.
// Every rule lives on the server (/api/boards/check); this file keeps what was tapped,
// sends it after each tap and draws the answer. No inline styles: only classes and `hidden`.
(function () {
  "use strict";

  var root = document.getElementById("tap-entry");
  if (!root || !window.fetch || !window.JSON) { return; }

  var SEATS = ["N", "E", "S", "W"];
  var TABLE_ORDER = ["W", "N", "E", "S"];
  var SEAT_NAME = { N: "North", E: "East", S: "South", W: "West" };
  var PARTNER = { N: "S", S: "N", E: "W", W: "E" };
  var SUITS = ["S", "H", "D", "C"];
  var SUIT_SYMBOL = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };
  var SUIT_NAME = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };
  var RANKS = "AKQJT98765432".split("");
  var RANK_NAME = { A: "ace", K: "king", Q: "queen", J: "jack", T: "ten" };
  var STRAINS = ["C", "D", "H", "S", "NT"];
  var STRAIN_NAME = { C: "clubs", D: "diamonds", H: "hearts", S: "spades", NT: "no trump" };
  var CALL_TEXT = { P: "Pass", X: "Dbl", XX: "Rdbl" };
  var CALL_NAME = { P: "Pass", X: "Double", XX: "Redouble" };
  var VUL_TEXT = { None: "None", NS: "North-South", EW: "East-West", All: "All" };
  var STEPS = ["deal", "auction", "play"];
  var STORE_KEY = "td-assist.tap.v1";
  var CARD_RE = /^[SHDC][AKQJT98765432]$/;
  var CALL_RE = /^([1-7](C|D|H|S|NT)|P|X|XX)$/;

  // What was tapped (sent to the server) and how the page stands (kept for a reload).
  var state = blankState();
  var view = null;          // the server's last answer
  var version = 0;          // bumped on every change of `state`
  var answered = -1;        // the version `view` describes
  var inflight = false;
  var note = "";            // a hint from the page itself, shown in the alert area
  var offline = false;      // the last check did not reach the server
  var claimOpen = false;    // the claim pad is showing
  var claimButtons = [];

  function blankState() {
    return { number: null, numberText: "", hands: { N: [], E: [], S: [], W: [] },
             auction: [], play: [], claim: null, seat: "N", step: "deal" };
  }

  // ---------------------------------------------------------------- helpers
  function $(id) { return document.getElementById(id); }
  function make(tag, cls, text) {
    var node = document.createElement(tag);
    if (cls) { node.className = cls; }
    if (text !== undefined && text !== null) { node.textContent = text; }
    return node;
  }
  function button(cls, text) {
    var b = make("button", cls, text);
    b.type = "button";
    return b;
  }
  function clear(node) { while (node.firstChild) { node.removeChild(node.firstChild); } }
  function show(node, on) { node.hidden = !on; }
  function isRed(suit) { return suit === "H" || suit === "D"; }
  function rankText(rank) { return rank === "T" ? "10" : rank; }
  function cardName(card) {
    return (RANK_NAME[card[1]] || card[1]) + " of " + SUIT_NAME[card[0]];
  }
  // A card as "♠A" with the suit coloured.
  function cardNode(card) {
    var span = make("span", "tap-card-text" + (isRed(card[0]) ? " tap-red" : ""));
    span.textContent = SUIT_SYMBOL[card[0]] + rankText(card[1]);
    span.setAttribute("aria-label", cardName(card));
    return span;
  }
  function callText(call) {
    if (CALL_TEXT[call]) { return CALL_TEXT[call]; }
    var strain = call.slice(1);
    return call[0] + (strain === "NT" ? "NT" : SUIT_SYMBOL[strain]);
  }
  function callName(call) {
    return CALL_NAME[call] || call[0] + " " + STRAIN_NAME[call.slice(1)];
  }
  function callNode(call) {
    var strain = call.slice(1);
    var cls = "tap-call-text" + (isRed(strain) ? " tap-red" : "") +
      (CALL_TEXT[call] ? " tap-call-" + call.toLowerCase() : "");
    var span = make("span", cls, callText(call));
    span.setAttribute("aria-label", callName(call));
    return span;
  }
  function contractText(contract) {
    // "4SX" -> "4♠X"; "Pass" stays.
    var m = /^([1-7])(C|D|H|S|NT)(X{0,2})$/.exec(contract || "");
    if (!m) { return contract || ""; }
    return m[1] + (m[2] === "NT" ? "NT" : SUIT_SYMBOL[m[2]]) + m[3];
  }
  function ownerMap() {
    var owners = {};
    SEATS.forEach(function (seat) {
      state.hands[seat].forEach(function (card) { owners[card] = seat; });
    });
    return owners;
  }
  function placedCount() {
    return SEATS.reduce(function (n, seat) { return n + state.hands[seat].length; }, 0);
  }
  function nextOpenSeat(from) {
    var i = SEATS.indexOf(from);
    for (var k = 1; k <= 4; k++) {
      var seat = SEATS[(i + k) % 4];
      if (state.hands[seat].length < 13) { return seat; }
    }
    return null;
  }

  // ---------------------------------------------------------------- keeping state
  function body() {
    return { number: state.number, hands: state.hands, auction: state.auction, play: state.play,
             claim: state.claim };
  }
  function store() {
    try { window.sessionStorage.setItem(STORE_KEY, JSON.stringify(state)); } catch (e) { /* private mode */ }
  }
  function cleanList(list, re, max) {
    return Array.isArray(list) ? list.filter(function (x) {
      return typeof x === "string" && re.test(x);
    }).slice(0, max) : [];
  }
  function restore() {
    var saved = null;
    try { saved = JSON.parse(window.sessionStorage.getItem(STORE_KEY) || "null"); } catch (e) { saved = null; }
    if (!saved || typeof saved !== "object") { return; }
    var hands = saved.hands || {};
    SEATS.forEach(function (seat) { state.hands[seat] = cleanList(hands[seat], CARD_RE, 52); });
    state.auction = cleanList(saved.auction, CALL_RE, 400);
    state.play = cleanList(saved.play, CARD_RE, 52);
    state.claim = typeof saved.claim === "number" && saved.claim >= 0 && saved.claim <= 13 ? saved.claim : null;
    state.numberText = typeof saved.numberText === "string" ? saved.numberText.slice(0, 5) : "";
    state.number = parseNumber(state.numberText);
    if (SEATS.indexOf(saved.seat) >= 0) { state.seat = saved.seat; }
    if (STEPS.indexOf(saved.step) >= 0) { state.step = saved.step; }
  }
  function parseNumber(text) {
    return /^[0-9]{1,5}$/.test(text) && +text >= 1 && +text <= 10000 ? +text : null;
  }

  // ---------------------------------------------------------------- talking to the server
  function post(url, payload) {
    return fetch(url, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "Accept": "application/json",
                 "X-CSRF-Token": root.getAttribute("data-csrf") || "" },
      body: JSON.stringify(payload)
    }).then(function (response) {
      return response.json().then(function (data) {
        return { status: response.status, data: data || {} };
      }, function () {
        return { status: response.status, data: { error: response.status === 401 ?
          "td-assist asks for its PIN again: reload the page and enter it. What you tapped is kept." :
          "td-assist answered " + response.status + " without a reason." } };
      });
    });
  }

  function check() {
    if (inflight) { return; }  // the answer in flight triggers the next check
    inflight = true;
    var sent = version;
    root.classList.add("tap-waiting");
    post("/api/boards/check", body()).then(function (result) {
      view = result.data;
      if (result.status !== 200 && !view.error) { view.error = "td-assist answered " + result.status; }
      fillFromSession(view.session_deal, sent);
      answered = sent;
      offline = false;
    }, function () {
      offline = true;
    }).then(function () {
      inflight = false;
      if (sent !== version) { check(); } else { root.classList.remove("tap-waiting"); }
      draw();
    });
  }

  // A board number of the loaded session, with no card tapped yet: its deal is filled in.
  function fillFromSession(found, sent) {
    if (!found || !found.hands || sent !== version || placedCount() !== 0) { return; }
    SEATS.forEach(function (seat) { state.hands[seat] = cleanList(found.hands[seat], CARD_RE, 13); });
    note = "The deal of board " + state.number + " is filled in from the session " +
      String(found.session || "") + ".";
    version++;
    store();
  }

  // Calls and plays depend on the server's latest answer: wait for it.
  function upToDate() {
    if (answered === version) { return true; }
    if (!inflight) { check(); }
    return false;
  }

  function changed() {
    version++;
    store();
    draw();
    check();
  }

  // ---------------------------------------------------------------- building the controls once
  var seatButtons = {}, gridButtons = {}, holdingButtons = {}, holdingRows = {};
  var callButtons = {}, levelRows = {};

  function build() {
    var seats = $("tap-seats");
    SEATS.forEach(function (seat) {
      var b = button("tap-seat");
      b.setAttribute("data-seat", seat);
      b.appendChild(make("span", "tap-seat-name", SEAT_NAME[seat]));
      b.appendChild(make("span", "tap-seat-count"));
      seats.appendChild(b);
      seatButtons[seat] = b;
    });

    var grid = $("tap-grid");
    var holding = $("tap-holding");
    SUITS.forEach(function (suit) {
      var row = make("div", "tap-suit" + (isRed(suit) ? " tap-red" : ""));
      row.setAttribute("role", "group");
      row.setAttribute("aria-label", SUIT_NAME[suit]);
      var label = make("span", "tap-suit-label", SUIT_SYMBOL[suit]);
      label.setAttribute("aria-hidden", "true");
      row.appendChild(label);
      var hrow = make("div", "tap-suit tap-hold-row" + (isRed(suit) ? " tap-red" : ""));
      hrow.setAttribute("role", "group");
      hrow.setAttribute("aria-label", SUIT_NAME[suit]);
      var hlabel = make("span", "tap-suit-label", SUIT_SYMBOL[suit]);
      hlabel.setAttribute("aria-hidden", "true");
      hrow.appendChild(hlabel);
      RANKS.forEach(function (rank) {
        var card = suit + rank;
        var b = button("tap-card");
        b.setAttribute("data-card", card);
        b.appendChild(make("span", "tap-rank", rankText(rank)));
        b.appendChild(make("span", "tap-owner"));
        row.appendChild(b);
        gridButtons[card] = b;
        var h = button("tap-card tap-play-card");
        h.setAttribute("data-card", card);
        h.appendChild(make("span", "tap-rank", rankText(rank)));
        h.setAttribute("aria-label", "Play the " + cardName(card));
        hrow.appendChild(h);
        holdingButtons[card] = h;
      });
      grid.appendChild(row);
      holding.appendChild(hrow);
      holdingRows[suit] = hrow;
    });

    var box = $("tap-bidding-box");
    var others = make("div", "tap-box-others");
    ["P", "X", "XX"].forEach(function (call) { others.appendChild(callButton(call)); });
    box.appendChild(others);
    for (var level = 1; level <= 7; level++) {
      var lrow = make("div", "tap-box-level");
      STRAINS.forEach(function (strain) { lrow.appendChild(callButton(level + strain)); });
      box.appendChild(lrow);
      levelRows[level] = lrow;
    }
  }

  // The claim pad: declarer's total tricks, so the play can stop at the revoke.
  function buildClaimPad() {
    var pad = $("tap-claim-pad");
    for (var n = 0; n <= 13; n++) {
      var b = button("tap-claim-number", String(n));
      b.setAttribute("data-claim", String(n));
      b.setAttribute("aria-label", "Declarer takes " + n + " tricks in all");
      claimButtons.push(b);
      pad.appendChild(b);
    }
  }

  function drawClaim(p, declarer) {
    var claimButton = $("tap-claim");
    var status = $("tap-claim-status");
    var range = p && p.claim_range ? p.claim_range : null;
    show(claimButton, !!(p && declarer));
    claimButton.textContent = state.claim === null ? "Claim: stop the play here" : "Withdraw the claim";
    claimButton.setAttribute("aria-expanded", claimOpen ? "true" : "false");
    show($("tap-claim-pad"), !!(claimOpen && range && state.claim === null));
    claimButtons.forEach(function (b, n) {
      b.disabled = !range || n < range[0] || n > range[1];
    });
    show(status, state.claim !== null);
    status.textContent = state.claim === null ? "" :
      "Claim: declarer takes " + state.claim + " tricks in all; the play stops here.";
  }

  function callButton(call) {
    var b = button("tap-call" + (CALL_TEXT[call] ? " tap-call-" + call.toLowerCase() : ""));
    b.setAttribute("data-call", call);
    var strain = call.slice(1);
    var text = make("span", isRed(strain) ? "tap-red" : "", callText(call));
    b.appendChild(text);
    b.setAttribute("aria-label", callName(call));
    callButtons[call] = b;
    return b;
  }

  // ---------------------------------------------------------------- drawing
  function draw() {
    var focused = document.activeElement;
    var hadFocus = focused && focused !== document.body && root.contains(focused);
    drawHead();
    drawSteps();
    drawDeal();
    drawAuction();
    drawPlay();
    drawAlert();
    // A control that disappeared (a call no longer legal, a card played) hands the
    // keyboard focus to the next useful control of the same part.
    if (hadFocus && (focused.hidden || focused.disabled || !focused.offsetParent ||
        focused.classList.contains("tap-off"))) {
      focusFirst(state.step);
    }
  }

  function focusFirst(step) {
    var main = step === "deal" ? "#tap-grid" : step === "auction" ? "#tap-bidding-box" : "#tap-holding";
    var lists = [root.querySelectorAll(main + " button"), root.querySelectorAll("#tap-" + step + " button")];
    for (var l = 0; l < lists.length; l++) {
      for (var i = 0; i < lists[l].length; i++) {
        var c = lists[l][i];
        if (!c.hidden && !c.disabled && c.offsetParent && !c.classList.contains("tap-off")) {
          c.focus({ preventScroll: true });
          return;
        }
      }
    }
    $("tap-tab-" + step).focus({ preventScroll: true });
  }

  function drawHead() {
    var input = $("tap-number");
    if (document.activeElement !== input && input.value !== state.numberText) {
      input.value = state.numberText;
    }
    var info = $("tap-board-info");
    clear(info);
    if (state.number === null) {
      info.appendChild(make("span", "tap-missing", "Type the board number: it sets dealer and vulnerability."));
      return;
    }
    if (!view || !view.dealer) { info.textContent = "Board " + state.number; return; }
    info.appendChild(document.createTextNode("Dealer "));
    info.appendChild(make("strong", null, SEAT_NAME[view.dealer]));
    info.appendChild(document.createTextNode(" \u00b7 Vulnerable "));
    info.appendChild(make("strong", view.vulnerability === "None" ? "" : "tap-vul", VUL_TEXT[view.vulnerability] || view.vulnerability));
  }

  function drawSteps() {
    STEPS.forEach(function (step) {
      var tab = $("tap-tab-" + step);
      var on = state.step === step;
      tab.setAttribute("aria-selected", on ? "true" : "false");
      show($("tap-" + step), on);
    });
    var placed = placedCount();
    $("tap-status-deal").textContent = placed + "/52";
    var a = view && view.auction;
    $("tap-status-auction").textContent =
      a && a.complete ? (a.contract === "Pass" ? "passed out" : contractText(a.contract) + (a.declarer ? " " + a.declarer : "")) :
      state.auction.length ? state.auction.length + (state.auction.length === 1 ? " call" : " calls") : "";
    var p = view && view.play;
    var tricks = p ? p.tricks.filter(function (t) { return Object.keys(t.cards).length === 4; }).length : 0;
    $("tap-status-play").textContent = !state.play.length ? "" : p ? tricks + (tricks === 1 ? " trick" : " tricks") :
      state.play.length + (state.play.length === 1 ? " card" : " cards");
  }

  function drawDeal() {
    var owners = ownerMap();
    SEATS.forEach(function (seat) {
      var b = seatButtons[seat];
      var n = state.hands[seat].length;
      b.querySelector(".tap-seat-count").textContent = n + "/13";
      b.setAttribute("aria-pressed", state.seat === seat ? "true" : "false");
      b.classList.toggle("tap-full", n === 13);
      b.setAttribute("aria-label", SEAT_NAME[seat] + ", " + n + " of 13 cards");
    });
    Object.keys(gridButtons).forEach(function (card) {
      var b = gridButtons[card];
      var owner = owners[card] || "";
      b.classList.toggle("tap-mine", owner === state.seat);
      b.classList.toggle("tap-other", owner !== "" && owner !== state.seat);
      b.querySelector(".tap-owner").textContent = owner;
      b.setAttribute("aria-label", cardName(card) + (owner ? ", " + SEAT_NAME[owner] + " (tap to take back)" : ", not placed"));
    });
    var hint = $("tap-deal-hint");
    var left = 13 - state.hands[state.seat].length;
    var placed = placedCount();
    hint.textContent = placed === 52 ? "All 52 cards are placed. Tap a card to take it back." :
      left > 0 ? "Tap the " + left + " card" + (left === 1 ? "" : "s") + " still missing from " + SEAT_NAME[state.seat] + "\u2019s hand." :
      SEAT_NAME[state.seat] + " has 13 cards. Pick another hand, or tap a card to take it back.";

    var fill = $("tap-fill-last");
    var full = SEATS.filter(function (s) { return state.hands[s].length === 13; });
    var last = SEATS.filter(function (s) { return state.hands[s].length < 13; });
    var missing = unplaced(owners);
    var canFill = full.length === 3 && last.length === 1 && missing.length === 13 - state.hands[last[0]].length;
    show(fill, canFill);
    if (canFill) {
      fill.textContent = "Give the last " + missing.length + " card" + (missing.length === 1 ? "" : "s") + " to " + SEAT_NAME[last[0]];
      fill.setAttribute("data-seat", last[0]);
    }
    drawHands();
  }

  // The server's list of cards in no hand yet, less any tapped since it answered.
  function unplaced(owners) {
    var list = view && Array.isArray(view.unplaced) ? view.unplaced : [];
    return list.filter(function (card) { return !owners[card]; });
  }

  function drawHands() {
    var box = $("tap-hands");
    clear(box);
    SEATS.forEach(function (seat) {
      var hand = make("div", "tap-hand tap-hand-" + seat + (seat === state.seat ? " tap-hand-active" : ""));
      hand.appendChild(make("strong", "tap-hand-seat", SEAT_NAME[seat]));
      SUITS.forEach(function (suit) {
        var ranks = RANKS.filter(function (r) { return state.hands[seat].indexOf(suit + r) >= 0; }).map(rankText);
        var line = make("span", "tap-hand-suit");
        line.appendChild(make("span", isRed(suit) ? "tap-red" : "", SUIT_SYMBOL[suit]));
        line.appendChild(document.createTextNode(ranks.length ? ranks.join(" ") : "\u2014"));
        hand.appendChild(line);
      });
      box.appendChild(hand);
    });
  }

  function drawAuction() {
    var a = view && view.auction;
    var dealer = view && view.dealer ? view.dealer : "N";
    var status = $("tap-auction-status");
    clear(status);
    if (!a) {
      status.textContent = view && view.error ? "Fix the problem shown above to go on." : "Waiting for td-assist\u2026";
    } else if (a.complete) {
      if (a.contract === "Pass") {
        status.textContent = "Passed out.";
      } else {
        status.appendChild(document.createTextNode("Contract "));
        var c = make("strong", /[HD]/.test((a.contract || "").slice(1, 2)) ? "tap-red" : "", contractText(a.contract));
        status.appendChild(c);
        if (a.declarer) { status.appendChild(document.createTextNode(" by " + SEAT_NAME[a.declarer] + ".")); }
        if (!view.deal_complete) {
          status.appendChild(document.createTextNode(" Finish the deal (" + placedCount() + " of 52 cards) to enter the play."));
        }
      }
    } else if (a.next_seat) {
      status.appendChild(make("strong", null, SEAT_NAME[a.next_seat]));
      status.appendChild(document.createTextNode(" to call"));
    }

    // The table: W N E S, the first call under the dealer.
    var table = $("tap-auction-table");
    var vul = view && view.vulnerability;
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (th) {
      var seat = th.getAttribute("data-seat");
      var isVul = vul === "All" || (vul === "NS" && (seat === "N" || seat === "S")) ||
        (vul === "EW" && (seat === "E" || seat === "W"));
      th.classList.toggle("tap-vul", !!isVul);
      th.classList.toggle("tap-dealer", seat === dealer);
      th.setAttribute("title", SEAT_NAME[seat] + (isVul ? ", vulnerable" : "") + (seat === dealer ? ", dealer" : ""));
    });
    var tbody = table.tBodies[0];
    clear(tbody);
    var cells = [];
    for (var i = 0; i < TABLE_ORDER.indexOf(dealer); i++) { cells.push(null); }
    state.auction.forEach(function (call) { cells.push(call); });
    if (a && !a.complete && a.next_seat) { cells.push("?"); }
    if (!cells.length) { cells.push("?"); }
    var row = null;
    cells.forEach(function (call, index) {
      if (index % 4 === 0) { row = tbody.insertRow(); }
      var td = row.insertCell();
      if (call === "?") { td.className = "tap-next"; td.textContent = "?"; td.setAttribute("aria-label", "next call"); }
      else if (call) { td.appendChild(callNode(call)); }
    });
    while (row && row.cells.length < 4) { row.insertCell(); }

    var legal = a && !a.complete ? a.legal_calls : [];
    Object.keys(callButtons).forEach(function (call) {
      var b = callButtons[call];
      var on = legal.indexOf(call) >= 0;
      if (call === "P" || call === "X" || call === "XX") { show(b, on); }
      else { b.classList.toggle("tap-off", !on); b.tabIndex = on ? 0 : -1; }
    });
    for (var level = 1; level <= 7; level++) {
      show(levelRows[level], STRAINS.some(function (s) { return legal.indexOf(level + s) >= 0; }));
    }
    show($("tap-bidding-box"), legal.length > 0);
    $("tap-undo-call").disabled = state.auction.length === 0;
  }

  function drawPlay() {
    var p = view && view.play;
    var a = view && view.auction;
    var declarer = a && a.declarer;
    var turn = $("tap-turn");
    clear(turn);
    var holding = p && p.next_seat ? p.holding : [];
    Object.keys(holdingButtons).forEach(function (card) {
      show(holdingButtons[card], holding.indexOf(card) >= 0);
    });
    SUITS.forEach(function (suit) {
      show(holdingRows[suit], holding.some(function (c) { return c[0] === suit; }));
    });
    if (state.claim !== null) { holding = []; }
    show($("tap-holding"), holding.length > 0);
    drawClaim(p, declarer);
    $("tap-undo-card").disabled = state.play.length === 0;

    if (!p) {
      var why = [];
      if (view && view.error) { why.push("Fix the problem shown above to go on."); }
      else {
        var placed = placedCount();
        if (placed < 52) { why.push("Finish the deal first (" + placed + " of 52 cards placed)."); }
        if (!a || !a.complete) { why.push("Finish the auction first."); }
        else if (a.contract === "Pass") { why.push("The board was passed out: there is no play."); }
      }
      if (state.play.length) {
        why.push("The " + state.play.length + " card" + (state.play.length === 1 ? "" : "s") + " already played are kept.");
      }
      turn.textContent = why.join(" ") || "Waiting for td-assist\u2026";
      drawCurrent(null);
      drawTricks([], [], null);
      $("tap-tally").textContent = "";
      return;
    }

    var tricks = p.tricks;
    var last = tricks[tricks.length - 1];
    var lastDone = !last || Object.keys(last.cards).length === 4;
    if (state.claim !== null) {
      turn.textContent = "The play stopped at a claim.";
    } else if (p.next_seat) {
      var number = lastDone ? tricks.length + 1 : last.number;
      turn.appendChild(document.createTextNode("Trick " + number + ": "));
      turn.appendChild(make("strong", null, SEAT_NAME[p.next_seat]));
      var role = p.next_seat === declarer ? "declarer" : p.next_seat === PARTNER[declarer] ? "dummy" : "defender";
      turn.appendChild(document.createTextNode(" (" + role + ") to play"));
      if (p.next_seat === PARTNER[declarer]) {
        turn.appendChild(document.createTextNode(" \u2014 declarer plays dummy\u2019s card"));
      }
    } else {
      turn.textContent = "All 13 tricks are played.";
    }
    drawCurrent(last || null);
    drawTricks(tricks, p.revokes || [], declarer);

    var ours = 0, theirs = 0;
    tricks.forEach(function (t) {
      if (!t.winner) { return; }
      if (t.winner === declarer || t.winner === PARTNER[declarer]) { ours++; } else { theirs++; }
    });
    $("tap-tally").textContent = declarer ? "Tricks won: declarer " + ours + ", defenders " + theirs : "";
  }

  // The trick on the table, drawn as a compass: N at the top, S at the bottom.
  function drawCurrent(trick) {
    var box = $("tap-current");
    clear(box);
    show(box, !!trick);
    if (!trick) { return; }
    SEATS.forEach(function (seat) {
      var spot = make("div", "tap-spot tap-spot-" + seat +
        (trick.winner === seat ? " tap-spot-winner" : "") + (trick.leader === seat ? " tap-spot-leader" : ""));
      spot.appendChild(make("span", "tap-spot-seat", seat));
      if (trick.cards[seat]) { spot.appendChild(cardNode(trick.cards[seat])); }
      box.appendChild(spot);
    });
    var middle = make("div", "tap-spot-middle", "Trick " + trick.number + (trick.winner ? ": " + SEAT_NAME[trick.winner] + " wins" : ""));
    box.appendChild(middle);
  }

  function drawTricks(tricks, revokes, declarer) {
    var table = $("tap-tricks");
    show(table, tricks.length > 0);
    var tbody = table.tBodies[0];
    clear(tbody);
    tricks.forEach(function (t) {
      var revoked = revokes.filter(function (r) { return r.trick === t.number; }).map(function (r) { return r.seat; });
      var row = tbody.insertRow();
      if (revoked.length) { row.className = "tap-revoke-trick"; }
      row.insertCell().textContent = t.number;
      row.insertCell().textContent = t.leader;
      SEATS.forEach(function (seat) {
        var td = row.insertCell();
        if (t.cards[seat]) { td.appendChild(cardNode(t.cards[seat])); }
        if (t.winner === seat) { td.classList.add("tap-won"); }
        if (revoked.indexOf(seat) >= 0) {
          td.classList.add("tap-revoke");
          var mark = make("abbr", "tap-revoke-mark", "R");
          mark.title = SEAT_NAME[seat] + " revoked";
          td.appendChild(mark);
        }
      });
      var win = row.insertCell();
      win.textContent = t.winner || "";
      if (t.winner && declarer) {
        win.className = t.winner === declarer || t.winner === PARTNER[declarer] ? "tap-won-decl" : "tap-won-def";
      }
    });
    var list = $("tap-revokes");
    list.textContent = revokes.length ? "Revoke: " + revokes.map(function (r) {
      return SEAT_NAME[r.seat] + " on trick " + r.trick;
    }).join("; ") + "." : "";
    show(list, revokes.length > 0);
  }

  function drawAlert() {
    var box = $("tap-alert");
    var message = view && view.error ? view.error : "";
    var text = [message, note, offline ? "td-assist could not be reached. Nothing tapped is lost: tap again when it is back." : ""]
      .filter(Boolean).join(" ");
    if (box.textContent !== text) { box.textContent = text; }
    box.classList.toggle("tap-alert-on", text !== "");
  }

  // ---------------------------------------------------------------- steps (tabs)
  function goStep(step, moveFocus) {
    state.step = step;
    store();
    draw();
    var tabs = root.querySelector(".tap-steps");
    if (tabs.getBoundingClientRect().top < 0) { tabs.scrollIntoView({ block: "start" }); }
    if (moveFocus) { focusFirst(step); }
  }

  // ---------------------------------------------------------------- taps
  function tapGridCard(card) {
    var owners = ownerMap();
    var owner = owners[card];
    var before = placedCount();
    if (owner) {
      state.hands[owner] = state.hands[owner].filter(function (c) { return c !== card; });
    } else {
      if (state.hands[state.seat].length >= 13) {
        note = SEAT_NAME[state.seat] + " already has 13 cards: pick another hand, or take a card back first.";
        drawAlert();
        return;
      }
      state.hands[state.seat].push(card);
      if (state.hands[state.seat].length === 13) {
        state.seat = nextOpenSeat(state.seat) || state.seat;
      }
    }
    changed();
    if (before < 52 && placedCount() === 52) { dealDone(false); }
  }

  // The deal is complete: on to the auction, or to the play when the auction is done.
  function dealDone(moveFocus) {
    var a = view && view.auction;
    goStep(a && a.complete && a.contract && a.contract !== "Pass" ? "play" : "auction", moveFocus);
  }

  function tapCall(call) {
    if (!upToDate()) { return; }
    var a = view && view.auction;
    if (!a || a.legal_calls.indexOf(call) < 0) { return; }
    state.auction.push(call);
    var wasOpen = !a.complete;
    changed();
    waitThen(function () {
      var now = view && view.auction;
      if (wasOpen && now && now.complete && now.contract && now.contract !== "Pass" && view.deal_complete && view.play) {
        goStep("play", true);
      }
    });
  }

  function tapPlay(card) {
    if (!upToDate()) { return; }
    var p = view && view.play;
    if (!p || !p.next_seat || p.holding.indexOf(card) < 0 || state.claim !== null) { return; }
    state.play.push(card);
    changed();
  }

  // Run `then` once the server has answered the current state.
  function waitThen(then) {
    var target = version;
    var tries = 0;
    (function poll() {
      if (answered >= target) { then(); return; }
      if (++tries < 100) { window.setTimeout(poll, 30); }
    })();
  }

  function save() {
    if (state.number === null) {
      note = "Type the board number before saving.";
      drawAlert();
      $("tap-number").focus();
      return;
    }
    var saveButton = $("tap-save");
    saveButton.disabled = true;
    saveButton.textContent = "Saving\u2026";
    post("/api/boards", body()).then(function (result) {
      if (result.status === 201 && result.data.url) {
        try { window.sessionStorage.removeItem(STORE_KEY); } catch (e) { /* ignore */ }
        window.location.assign(result.data.url);
        return;
      }
      note = "Not saved: " + (result.data.error || "td-assist answered " + result.status) + ".";
      drawAlert();
    }, function () {
      note = "Not saved: td-assist could not be reached. Nothing tapped is lost: try again.";
      drawAlert();
    }).then(function () {
      saveButton.disabled = false;
      saveButton.textContent = "Save board";
    });
  }

  function startOver() {
    if (!window.confirm("Clear everything tapped for this board and start again?")) { return; }
    state = blankState();
    note = "";
    changed();
    goStep("deal", false);
    $("tap-number").focus();
  }

  // ---------------------------------------------------------------- wiring
  function wire() {
    $("tap-number").addEventListener("input", function (event) {
      var text = event.target.value.replace(/\s+/g, "");
      state.numberText = text;
      state.number = parseNumber(text);
      note = text && state.number === null ? "The board number is a whole number from 1 to 10000." : "";
      changed();
    });

    root.addEventListener("click", function (event) {
      var target = event.target.closest ? event.target.closest("button") : null;
      if (!target || !root.contains(target) || target.disabled) { return; }
      if (target.id === "tap-save") { save(); return; }
      note = "";
      if (target.getAttribute("role") === "tab") { goStep(target.getAttribute("data-step"), false); return; }
      if (target.classList.contains("tap-seat")) {
        state.seat = target.getAttribute("data-seat");
        store();
        draw();
        return;
      }
      if (target.id === "tap-fill-last") {
        var seat = target.getAttribute("data-seat");
        var missing = unplaced(ownerMap());
        if (seat && missing.length === 13 - state.hands[seat].length) {
          state.hands[seat] = state.hands[seat].concat(missing);
          changed();
          dealDone(true);
        }
        return;
      }
      if (target.id === "tap-undo-call") {
        if (state.play.length && !window.confirm("Undo the last call? The " + state.play.length +
            " cards played stay kept, but show again only once the auction is complete.")) { return; }
        state.auction.pop();
        changed();
        return;
      }
      if (target.id === "tap-undo-card") { state.play.pop(); state.claim = null; changed(); return; }
      if (target.id === "tap-claim") {
        if (state.claim !== null) { state.claim = null; claimOpen = false; changed(); return; }
        claimOpen = !claimOpen;
        draw();
        return;
      }
      if (target.hasAttribute("data-claim")) {
        state.claim = parseInt(target.getAttribute("data-claim"), 10);
        claimOpen = false;
        changed();
        $("tap-save").focus();
        return;
      }
      if (target.id === "tap-clear") { startOver(); return; }
      var card = target.getAttribute("data-card");
      var call = target.getAttribute("data-call");
      if (call) { tapCall(call); return; }
      if (card && target.classList.contains("tap-play-card")) { tapPlay(card); return; }
      if (card) { tapGridCard(card); }
    });

    // Left and right arrows move between the three parts, as tabs do.
    root.querySelector(".tap-steps").addEventListener("keydown", function (event) {
      var i = STEPS.indexOf(state.step);
      var to = event.key === "ArrowRight" ? STEPS[(i + 1) % 3] : event.key === "ArrowLeft" ? STEPS[(i + 2) % 3] : null;
      if (!to) { return; }
      event.preventDefault();
      goStep(to, false);
      $("tap-tab-" + to).focus();
    });
  }

  restore();
  build();
  buildClaimPad();
  wire();
  root.hidden = false;
  draw();
  check();
})();
