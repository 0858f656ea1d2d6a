// The evolab card table: draws the model Python builds and reports clicks. No rule of the game is here:
// which clicks make a move comes from the model ("moves": click paths, or buttons on a card), and a click
// that is no move is sent to Python, which answers with the engine's rule message.

const SVGNS = "http://www.w3.org/2000/svg";

// Trait shapes (the charts' markers), in a 12 x 12 box.
const SHAPES = {
  circle: '<circle cx="6" cy="6" r="5"/>',
  square: '<rect x="1.5" y="1.5" width="9" height="9"/>',
  triangle: '<polygon points="6,1 11,11 1,11"/>',
  "triangle-down": '<polygon points="1,1 11,1 6,11"/>',
  "triangle-left": '<polygon points="1,6 11,1 11,11"/>',
  "triangle-right": '<polygon points="11,6 1,1 1,11"/>',
  diamond: '<polygon points="6,0.5 11.5,6 6,11.5 0.5,6"/>',
  plus: '<polygon points="4,1 8,1 8,4 11,4 11,8 8,8 8,11 4,11 4,8 1,8 1,4 4,4"/>',
  cross: '<polygon points="2,0.5 6,4.5 10,0.5 11.5,2 7.5,6 11.5,10 10,11.5 6,7.5 2,11.5 0.5,10 4.5,6 0.5,2"/>',
  star: '<polygon points="6,0.5 7.6,4.3 11.7,4.6 8.6,7.2 9.5,11.3 6,9.1 2.5,11.3 3.4,7.2 0.3,4.6 4.4,4.3"/>',
};

function h(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") e.className = v;
    else if (k === "text") e.textContent = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) e.append(c);
  return e;
}

function icon(shape, colour) {
  const s = document.createElementNS(SVGNS, "svg");
  s.setAttribute("viewBox", "0 0 12 12");
  s.setAttribute("class", "et-icon");
  s.setAttribute("aria-hidden", "true");
  s.setAttribute("focusable", "false");
  s.innerHTML = SHAPES[shape] || SHAPES.circle;
  s.style.fill = colour;
  return s;
}

function chipEl(c) {
  const bits = [c.name];
  if (c.link) bits.push(c.link);
  if (c.mark) bits.push(`(${c.mark})`);
  if (c.food !== undefined && c.food !== null) bits.push(`(${c.food})`);
  const cls = ["et-chip", `pat-${c.pattern}`, c.new ? "is-new" : "", c.face_down ? "is-face-down" : ""].join(" ");
  return h("span", { class: cls, title: c.hint || null, style: `--c:${c.colour}` },
    icon(c.shape, c.colour), h("span", { class: "et-chip-name", text: bits.join(" ") }),
    c.face_down ? h("span", { class: "et-chip-fd", text: "▾" }) : null);
}

function tokensEl(tokens) {
  if (!tokens || !tokens.length) return null;
  return h("span", { class: "et-tokens", "aria-hidden": "true" },
    tokens.map((t) => h("span", { class: `et-token t-${t}` })));
}

function badgesEl(badges) {
  if (!badges || !badges.length) return null;
  return h("span", { class: "et-badges" }, badges.map((b) => h("span", { class: `et-badge b-${b.kind}`, text: b.text })));
}

function startsWith(path, prefix) {
  if (path.length < prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) if (path[i] !== prefix[i]) return false;
  return true;
}

function render({ model, el }) {
  let sel = [];               // the clicks made so far towards a move
  let table = model.get("table") || {};
  let notice = "";
  let waiting = null;         // {t0, seq}: a move was sent, the new table not drawn yet
  let lastNews = "";
  let animatedSeq = -1;       // the table whose changes were animated (a redraw for a selection animates nothing)
  // data-lm-suppress-shortcuts: keys pressed on the table (Enter, Escape) are the table's, not JupyterLab's
  const root = h("div", { class: "evolab-table", role: "region", "data-lm-suppress-shortcuts": "true" });
  el.append(root);

  const S = (k) => (table.strings && table.strings[k]) || k;
  const moves = () => table.moves || [];

  function reachable(prefix) {
    return moves().filter((m) => m.paths.some((p) => startsWith(p, prefix)));
  }
  function nextTargets(prefix) {
    const out = new Set();
    for (const m of moves()) for (const p of m.paths) if (p.length > prefix.length && startsWith(p, prefix)) out.add(p[prefix.length]);
    return out;
  }
  function complete(prefix) {
    if (!prefix.length) return [];
    return moves().filter((m) => m.paths.some((p) => p.length === prefix.length && startsWith(p, prefix)));
  }

  function act(m) {
    waiting = { t0: performance.now(), seq: table.seq };
    sel = [];
    root.classList.add("is-waiting");
    model.send({ type: "act", i: m.i, seq: table.seq });
  }

  function click(target) {
    if (waiting) return;
    notice = "";
    if (sel.length && sel[sel.length - 1] === target) {       // a second click on the last choice takes it back
      sel = sel.slice(0, -1);
      draw(target);
      return;
    }
    let next = sel.concat([target]);
    if (!reachable(next).length && sel.length && reachable([target]).length) next = [target];   // start afresh
    if (!reachable(next).length) {
      model.send({ type: "explain", path: next });
      draw(target);
      return;
    }
    sel = next;
    const done = complete(sel);
    if (done.length === 1 && nextTargets(sel).size === 0) {
      act(done[0]);
      draw(target);
      return;
    }
    draw(null, true);
  }

  function cancel() {
    if (!sel.length) return;
    sel = [];
    notice = S("prompt.cancelled");
    draw();
  }

  // ---- drawing ---------------------------------------------------------------------------------
  function targetButton(target, cls, aria, content, lit) {
    const selected = sel.includes(target);
    const label = aria + (selected ? `, ${S("ui.selected")}` : lit ? `, ${S("ui.can_target")}` : "");
    return h("button", {
      type: "button", class: `${cls} ${lit ? "is-lit" : ""} ${selected ? "is-selected" : ""}`,
      "data-target": target, "aria-label": label, "aria-pressed": selected ? "true" : "false",
      onclick: () => click(target),
    }, content);
  }

  function buttonsFor(target) {
    const out = [];
    if (!sel.length) {
      for (const m of moves()) if (m.at === target) out.push(m);
    } else if (sel[sel.length - 1] === target) {
      out.push(...complete(sel));
    }
    if (!out.length) return null;
    // the button shows what the move does; a screen reader hears the whole move (which animal, whose)
    return h("span", { class: "et-choices" }, out.map((m) => h("button", {
      type: "button", class: "et-choice", "data-move": m.i, "aria-label": m.short !== m.label ? `${m.short}: ${m.label}` : null,
      title: m.short !== m.label ? m.label : null,
      onclick: () => { if (!waiting) { notice = ""; act(m); draw(); } },
    }, m.short || m.label)));
  }

  function unitCard(u, lit) {
    const face = targetButton(u.target, "et-face", u.aria, [
      h("span", { class: "et-title", text: u.title }),
      u.stats ? h("span", { class: "et-stats" }, u.stats.map((s) => h("span", { class: "et-stat" },
        h("span", { class: "et-stat-label", text: s.label }), h("b", { text: String(s.value) })))) : null,
      h("span", { class: "et-traits" }, u.traits.map(chipEl)),
      tokensEl(u.tokens),
      u.food_text ? h("span", { class: "et-food", text: u.food_text }) : null,
      badgesEl(u.badges),
    ], lit.has(u.target));
    const members = (u.members || []).map((a) => h("div", { class: "et-member-wrap", "data-unit": a.target },
      targetButton(a.target, "et-member", a.aria, [
        h("span", { class: "et-title", text: a.title }), tokensEl(a.tokens),
        h("span", { class: "et-food", text: a.food_text }), badgesEl(a.badges)], lit.has(a.target)),
      buttonsFor(a.target)));
    return h("div", { class: `et-card ${u.members ? "is-species" : ""}`, "data-unit": u.target },
      face, members.length ? h("div", { class: "et-members" }, members) : null, buttonsFor(u.target));
  }

  function handCard(c, i, n, lit) {
    const mid = (n - 1) / 2;
    const turn = n > 1 ? (i - mid) * Math.min(6, 30 / n) : 0;
    const content = c.blind
      ? [h("span", { class: "et-back", "aria-hidden": "true", text: "?" }), h("span", { class: "et-food", text: c.text })]
      : [h("span", { class: "et-traits" }, c.sides.map(chipEl))];
    const b = targetButton(c.target, `et-handcard ${c.blind ? "is-blind" : ""}`, c.aria, content, lit.has(c.target));
    b.style.setProperty("--turn", `${turn}deg`);
    b.style.setProperty("--lift", `${Math.abs(i - mid) * 3}px`);
    return b;
  }

  function draw(focusTarget = null, focusNext = false) {
    const hadFocus = root.contains(document.activeElement) || focusTarget !== null;
    const focused = focusTarget || (root.contains(document.activeElement) && document.activeElement.dataset
      ? document.activeElement.dataset.target || null : null);
    root.className = `evolab-table ${model.get("projector") ? "is-projector" : ""} ${model.get("animate") ? "" : "no-anim"} ${waiting ? "is-waiting" : ""}`;
    root.setAttribute("aria-label", S("ui.table"));
    root.dataset.seq = String(table.seq || 0);
    const lit = nextTargets(sel);
    const old = new Map([...root.querySelectorAll(".et-card[data-unit]")].map((e) => [e.dataset.unit, e]));
    root.replaceChildren();

    // toolbar: prompt, cancel, switches
    const prompt = sel.length ? (complete(sel).length && !lit.size ? S("prompt.choose") : S("prompt.next")) : (table.prompt || "");
    root.append(h("div", { class: "et-bar" },
      h("span", { class: "et-prompt", text: prompt }),
      sel.length ? h("button", { type: "button", class: "et-tool et-cancel", onclick: cancel }, S("ui.cancel")) : null,
      h("button", { type: "button", class: "et-tool", "aria-pressed": model.get("animate") ? "true" : "false",
        onclick: () => { model.set("animate", !model.get("animate")); model.save_changes(); draw(); } }, S("ui.animations")),
      h("button", { type: "button", class: "et-tool", "aria-pressed": model.get("projector") ? "true" : "false",
        onclick: () => { model.set("projector", !model.get("projector")); model.save_changes(); draw(); } }, S("ui.projector"))));
    root.append(h("div", { class: "et-notice", role: "alert", text: notice || table.notice || "" }));
    const news = (table.announce || []).join(" ");
    const live = h("div", { class: "et-news", role: "status", "aria-live": "polite" });
    root.append(live);

    // the others' seats, the centre, your seat, your hand
    const seats = table.seats || [];
    const seatEl = (s) => h("section", { class: `et-seat ${s.mine ? "is-mine" : ""} ${s.to_move ? "is-to-move" : ""}`,
      "aria-label": s.name },
      h("h3", { class: "et-seat-name" }, h("span", { text: s.name }), h("span", { class: "et-seat-info", text: s.info })),
      h("div", { class: "et-row" },
        s.units.map((u) => unitCard(u, lit)),
        s.slots.map((sl) => h("div", { class: "et-card is-slot", "data-unit": sl.target },
          targetButton(sl.target, "et-face et-slot", sl.label, [h("span", { text: "+ " + sl.label })], lit.has(sl.target))))));
    const others = seats.filter((s) => !s.mine);
    const mine = seats.filter((s) => s.mine);
    root.append(h("div", { class: "et-others" }, others.map(seatEl)));
    const centreMoves = buttonsFor(table.centre_target || "centre");
    root.append(h("div", { class: "et-centre" },
      (table.centre || []).map((c) => {
        const tokens = c.token ? h("span", { class: "et-tokens", "aria-hidden": "true" },
          Array.from({ length: Math.min(c.count, 24) }, () => h("span", { class: `et-token t-${c.token === "plant" ? "plant" : c.token}` }))) : null;
        const content = [h("span", { class: "et-centre-label", text: `${c.label}: ${c.count}` }), tokens,
          c.kind === "deck" ? h("span", { class: "et-pile", "aria-hidden": "true" }) : null];
        const isTarget = lit.has(c.target) || moves().some((m) => m.paths.some((p) => p.includes(c.target)));
        return isTarget ? h("div", { class: `et-centre-item k-${c.kind}`, "data-unit": c.target },
          targetButton(c.target, "et-face et-centre-face", `${c.label}: ${c.count}`, content, lit.has(c.target)))
          : h("div", { class: `et-centre-item k-${c.kind}`, "data-unit": c.target }, content);
      }),
      centreMoves ? h("div", { class: "et-centre-moves" }, centreMoves) : null,
      table.reveal ? h("button", { type: "button", class: "et-choice et-reveal", onclick: () => model.send({ type: "reveal" }) }, table.reveal) : null));
    root.append(h("div", { class: "et-mine" }, mine.map(seatEl)));
    const hand = [...(table.hand || []), ...(table.pool || [])];
    if (table.show_hand !== false) root.append(h("section", { class: "et-hand-area", "aria-label": table.hand_title || "" },
      h("h3", { class: "et-seat-name", text: table.hand_title || "" }),
      table.hand_hidden ? h("p", { text: table.hand_hidden }) :
        hand.length ? h("div", { class: "et-hand" }, hand.map((c, i) => handCard(c, i, hand.length, lit)))
          : h("p", { class: "et-empty", text: S("hand.none") })));

    drawLinks();
    if (table.seq !== animatedSeq) {
      animatedSeq = table.seq;
      if (model.get("animate")) animate(old);
    }
    // the live region is filled after it is in the page, so screen readers announce the change
    if (news && news !== lastNews) { lastNews = news; setTimeout(() => { live.textContent = news; }, 30); }
    else live.textContent = lastNews;

    // keyboard focus: where it was, else the first place that lights up, else the prompt
    if (hadFocus || focusNext) {
      let f = null;
      if (focusNext) f = root.querySelector(".et-choice") || root.querySelector(".is-lit");
      if (!f && focused) f = root.querySelector(`[data-target="${CSS.escape(focused)}"]`);
      if (!f) f = root.querySelector(".is-lit") || root.querySelector(".et-choice") || root.querySelector(".et-tool");
      if (f) f.focus({ preventScroll: true });
    }
  }

  function drawLinks() {
    for (const row of root.querySelectorAll(".et-row")) {
      const mine = (table.links || []).filter((l) => row.querySelector(`[data-unit="${l.a}"]`) && row.querySelector(`[data-unit="${l.b}"]`));
      if (!mine.length) continue;
      row.classList.add("has-links");
      const svg = document.createElementNS(SVGNS, "svg");
      svg.setAttribute("class", "et-links");
      svg.setAttribute("role", "img");
      svg.setAttribute("aria-label", mine.map((l) => l.aria).join("; "));
      row.append(svg);
      const place = () => {
        if (!row.isConnected) return;            // the table was drawn again before this frame
        const r = row.getBoundingClientRect();
        svg.setAttribute("width", r.width);
        svg.setAttribute("height", r.height);
        let html = `<defs><marker id="et-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerUnits="userSpaceOnUse" markerWidth="14" markerHeight="14" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="#222"/></marker></defs>`;
        mine.forEach((l, k) => {
          const ea = row.querySelector(`[data-unit="${l.a}"]`), eb = row.querySelector(`[data-unit="${l.b}"]`);
          if (!ea || !eb) return;
          const a = ea.getBoundingClientRect(), b = eb.getBoundingClientRect();
          const ax = a.left + a.width / 2 - r.left, bx = b.left + b.width / 2 - r.left;
          const dash = l.arrow ? "8 4" : "none";
          const end = l.arrow ? 'marker-end="url(#et-arrow)"' : "";
          if (Math.abs(a.top - b.top) > 8) {          // on two lines of the row: a straight link between them
            const [p, q] = a.top < b.top ? [a, b] : [b, a];
            const px = p.left + p.width / 2 - r.left, qx = q.left + q.width / 2 - r.left;
            html += `<path d="M${px},${p.bottom - r.top} L${qx},${q.top - r.top}" stroke="${l.colour}" ` +
              `stroke-width="4" fill="none" ${end} stroke-dasharray="${dash}"/>`;
            return;
          }
          const y0 = Math.max(a.bottom, b.bottom) - r.top + 4;
          const dip = 10 + 6 * (k % 3);
          html += `<path d="M${ax},${a.bottom - r.top} C${ax},${y0 + dip} ${bx},${y0 + dip} ${bx},${b.bottom - r.top}" ` +
            `stroke="${l.colour}" stroke-width="4" fill="none" ${end} stroke-dasharray="${dash}"/>`;
        });
        svg.innerHTML = html;
      };
      requestAnimationFrame(place);
    }
  }

  function animate(old) {
    for (const fx of table.recent || []) {
      for (const target of fx.targets) {
        const card = root.querySelector(`[data-unit="${CSS.escape(target)}"]`);
        if (card) {
          // a unit still on the table after a death lost one of its individuals (a Population, an animal)
          const effect = fx.effect === "died" ? "hurt" : fx.effect;
          card.classList.add(`fx-${effect}`);
          card.addEventListener("animationend", () => card.classList.remove(`fx-${effect}`), { once: true });
        } else if (fx.effect === "died" && old.has(target)) {        // the card leaves: a ghost fades out
          const ghost = old.get(target);
          const was = ghost.closest("section");
          const seat = was ? [...root.querySelectorAll("section.et-seat")].find((x) => x.getAttribute("aria-label") === was.getAttribute("aria-label")) : null;
          const row = seat ? seat.querySelector(".et-row") : null;
          if (row) {
            ghost.classList.add("fx-died", "is-ghost");
            ghost.setAttribute("aria-hidden", "true");
            ghost.querySelectorAll("button").forEach((b) => { b.tabIndex = -1; b.removeAttribute("data-target"); });
            row.append(ghost);
            setTimeout(() => ghost.remove(), 900);
          }
        }
      }
    }
  }

  root.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && sel.length) { e.preventDefault(); cancel(); }
  });

  model.on("change:table", () => {
    table = model.get("table") || {};
    sel = [];
    const w = waiting;
    waiting = null;
    const t0 = performance.now();
    draw(null, w !== null);
    root.dataset.drawMs = (performance.now() - t0).toFixed(1);
    if (w) {
      requestAnimationFrame(() => requestAnimationFrame(() => {
        const ms = performance.now() - w.t0;
        root.dataset.repaintMs = ms.toFixed(1);
        model.send({ type: "timing", ms, draw_ms: +root.dataset.drawMs });
      }));
    }
  });
  model.on("change:animate", () => draw());
  model.on("change:projector", () => draw());
  model.on("msg:custom", (msg) => {
    if (msg && msg.type === "notice") {
      notice = msg.text || "";
      const n = root.querySelector(".et-notice");
      if (n) n.textContent = notice;
    }
  });
  const ro = typeof ResizeObserver !== "undefined" ? new ResizeObserver(() => {
    root.querySelectorAll("svg.et-links").forEach((s) => s.remove());
    drawLinks();
  }) : null;
  if (ro) ro.observe(root);
  draw();
  return () => { if (ro) ro.disconnect(); };
}

export default { render };
