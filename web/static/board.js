// The web board: draws the map as SVG from the board's geometry and the page's JSON, lets a
// player pick a unit and a target (click, tap, or keyboard), keeps the orders in a list and
// sends them as plain POSTs with the session's CSRF token. No framework, no build step.
// Every text that came from a user is set as text (textContent), never as markup.
(function () {
  'use strict';
  var SVG = 'http://www.w3.org/2000/svg';
  var data = JSON.parse(document.getElementById('board-data').textContent);
  var T = data.t || {};
  var spectator = !data.me;
  var geo = null;
  var draft = [];          // [{power, text, say, key, location, conditional, order}]
  var dirty = false;       // the list differs from what the server holds
  var obstacles = null;    // names, centres and units a cue's tag keeps clear of (clearCorner)
  var pick = null;         // {power, unit, second}: the unit picked, then the unit it helps
  var added = null;        // the sentence of the order just added (until the next pick)
  var layers = {};
  var K = 1;               // the board's scale against the classic board
  var $ = function (id) { return document.getElementById(id); };

  // timings a benchmark reads (performance.getEntriesByType('measure')): board:drawn (from
  // navigation), board:targets (a click to its lit targets), board:sent (Send to its answer)
  function mark(name) { if (window.performance && performance.mark) performance.mark(name); }
  function measure(name, from) {
    try { if (window.performance && performance.measure) performance.measure(name, from); }
    catch (e) { /* no start mark: nothing to measure */ }
  }

  function fill(text, fields) {
    return String(text).replace(/\{(\w+)\}/g, function (m, k) {
      return fields[k] !== undefined ? fields[k] : m;
    });
  }
  function el(tag, attrs, parent) {
    var node = document.createElementNS(SVG, tag);
    for (var k in attrs) { if (attrs[k] !== null && attrs[k] !== undefined) node.setAttribute(k, attrs[k]); }
    if (parent) parent.appendChild(node);
    return node;
  }
  function prov(loc) { return String(loc || '').split('/')[0]; }

  // --- geometry -----------------------------------------------------------------------
  function point(loc, slot) {
    var c = geo.coasts && geo.coasts[loc];
    var s = geo.spaces[prov(loc)];
    if (slot === 'unit' && c) return c;
    if (!s) return [0, 0];
    return s[slot] || s.unit || s.label || [0, 0];
  }
  function pathOf(space) {
    return space.polygons.map(function (poly) {
      return 'M' + poly.map(function (p) { return p[0] + ' ' + p[1]; }).join('L') + 'Z';
    }).join('');
  }

  // --- drawing --------------------------------------------------------------------------
  function draw() {
    obstacles = null;
    var host = $('map');
    host.textContent = '';
    var svg = el('svg', {viewBox: '0 0 ' + geo.width + ' ' + geo.height, role: 'group',
                         'aria-label': host.getAttribute('aria-label'), focusable: 'false'});
    host.appendChild(svg);
    var defs = el('defs', {}, svg);
    var marker = el('marker', {id: 'arrow', viewBox: '0 0 10 10', refX: '8', refY: '5',
                               markerWidth: '5', markerHeight: '5', orient: 'auto-start-reverse'}, defs);
    el('path', {d: 'M0 0L10 5L0 10z', fill: 'context-stroke'}, marker);
    // sizes are drawn for the classic board's 1800 units; a small board keeps them readable
    K = Math.max(geo.width / 1800, 0.6);
    layers.land = el('g', {'class': 'land'}, svg);
    layers.centres = el('g', {'class': 'centres', 'aria-hidden': 'true'}, svg);
    layers.labels = el('g', {'class': 'labels', 'aria-hidden': 'true'}, svg);
    layers.labels.style.fontSize = (19 * K) + 'px';
    layers.orders = el('g', {'class': 'drawn-orders', 'aria-hidden': 'true'}, svg);
    layers.units = el('g', {'class': 'units'}, svg);
    // marks over the units: a removal's or disbanding's cross
    layers.marks = el('g', {'class': 'drawn-orders', 'aria-hidden': 'true'}, svg);
    var pal = data.palette;
    Object.keys(geo.spaces).forEach(function (id) {
      var s = geo.spaces[id];
      var owner = data.owners[id];
      var info = data.provinces[id] || {name: id, code: id.toUpperCase()};
      var colour = s.kind === 'sea' ? pal.sea
        : owner && pal.powers[owner] ? pal.powers[owner].fill
        : s.kind === 'impassable' ? pal.impassable : pal.neutral;
      el('path', {d: pathOf(s), fill: colour, stroke: pal.border, 'stroke-width': 1.2 * K,
                  'class': 'province ' + s.kind, 'data-province': id,
                  'aria-label': info.name}, layers.land);
      if (s.center && info.center) {
        var cOwner = data.centres[id];
        el('circle', {cx: s.center[0], cy: s.center[1], r: 7 * K,
                      fill: cOwner && pal.powers[cOwner] ? pal.powers[cOwner].unit : '#fff',
                      stroke: pal.text, 'stroke-width': 2 * K}, layers.centres);
        if (cOwner && pal.powers[cOwner]) {
          var way = clearCorner(s.center, 16 * K, 11 * K);
          cueTag(layers.centres, pal.powers[cOwner].cue, s.center[0] + way[0] * 16 * K,
                 s.center[1] + way[1] * 11 * K, 1.25 * K);
        }
      }
      if (s.label) {
        var label = el('text', {x: s.label[0], y: s.label[1], 'class': 'label ' + s.kind, 'data-label': id,
                                'text-anchor': 'middle', 'dominant-baseline': 'middle'},
                       layers.labels);
        label.textContent = info.code;
      }
    });
    data.units.forEach(function (u) { drawUnit(u, false); });
    data.dislodged.forEach(function (u) { drawUnit(u, true); });
    drawOrders();
    refreshTargets();
  }

  function acting(power) { return data.me && data.me.acting.indexOf(power) >= 0; }
  function legalOf(power, loc) {
    var l = data.me && data.me.legal[power];
    return (l && l[loc]) || [];
  }

  function drawUnit(u, dislodged) {
    var pal = data.palette.powers[u.power] || {unit: '#888', ink: '#fff'};
    var at = dislodged ? point(u.location, 'dislodged') : point(u.location, 'unit');
    var mine = acting(u.power) && legalOf(u.power, u.location).length > 0;
    var g = el('g', {'class': 'unit' + (mine ? ' mine' : '') + (dislodged ? ' dislodged' : ''),
                     'data-unit': u.power + ' ' + u.type + ' ' + u.location,
                     'data-location': u.location, 'data-power': u.power,
                     role: mine ? 'button' : 'img', 'aria-label': u.label,
                     tabindex: mine ? '0' : null,
                     transform: 'translate(' + at[0] + ' ' + at[1] + ') scale(' + K + ')'}, layers.units);
    if (dislodged) el('circle', {r: 28, fill: 'none', stroke: data.palette.dislodged, 'stroke-width': 4}, g);
    if (u.type === 'F') {
      el('path', {d: 'M-25 -9L25 -9L17 13L-17 13Z', fill: pal.unit, stroke: '#111', 'stroke-width': 2}, g);
    } else {
      el('circle', {r: 18, fill: pal.unit, stroke: '#111', 'stroke-width': 2}, g);
    }
    var glyph = el('text', {y: 1, 'text-anchor': 'middle', 'dominant-baseline': 'middle',
                            fill: pal.ink, 'class': 'glyph', 'aria-hidden': 'true'}, g);
    glyph.textContent = u.type;
    // the power's letters on a white tag at the top left, clear of the A/F (WCAG 1.4.1)
    var dx = u.type === 'F' ? 29 : 22, dy = u.type === 'F' ? 20 : 21;
    var side = clearCorner(at, dx * K, dy * K);
    cueTag(g, pal.cue, side[0] * dx, side[1] * dy, 1.45);
  }

  // the corner of a mark at ``at`` (tag offset dx, dy) farthest from every province's
  // name and every other unit or centre, so that a tag covers none of them: [±1, ±1]
  function clearCorner(at, dx, dy) {
    if (!obstacles) {
      obstacles = [];
      Object.keys(geo.spaces).forEach(function (id) {
        var s = geo.spaces[id];
        if (s.label) obstacles.push([s.label[0], s.label[1], 1]);
        if (s.center) obstacles.push([s.center[0], s.center[1], 0]);
      });
      data.units.concat(data.dislodged).forEach(function (u) {
        var p = point(u.location, 'unit');
        obstacles.push([p[0], p[1], 0]);
      });
    }
    var best = [-1, -1], far = -1;
    [[-1, -1], [1, -1], [-1, 1], [1, 1]].forEach(function (side) {
      var x = at[0] + side[0] * dx, y = at[1] + side[1] * dy, near = Infinity;
      obstacles.forEach(function (o) {
        if (o[0] === at[0] && o[1] === at[1]) return;  // the mark itself
        // a name is wider than tall: count its horizontal distance for less
        var d = Math.hypot((x - o[0]) * (o[2] ? 0.6 : 1), y - o[1]);
        if (d < near) near = d;
      });
      if (near > far + 0.5) { far = near; best = side; }
    });
    return best;
  }

  // a power's cue (data.palette.powers[p].cue, the PNG's letters): dark on a white pill
  function cueTag(parent, cue, x, y, scale) {
    if (!cue) return;
    var w = Math.max(16, 8 * cue.length + 8) * scale, h = 16 * scale;
    var t = el('g', {'class': 'cue', 'aria-hidden': 'true', 'data-cue': cue}, parent);
    el('rect', {x: x - w / 2, y: y - h / 2, width: w, height: h, rx: h / 2,
                fill: '#fff', stroke: '#111', 'stroke-width': 1.5 * scale}, t);
    var text = el('text', {x: x, y: y + scale, 'text-anchor': 'middle',
                           'dominant-baseline': 'middle', fill: '#111',
                           'font-size': 12 * scale}, t);
    text.textContent = cue;
  }

  function drawOrders() {
    var layer = layers.orders;
    if (!layer) return;
    layer.textContent = '';
    layers.marks.textContent = '';
    draft.forEach(function (o) {
      if (!o.order || o.conditional) return;
      var colour = (data.palette.powers[o.power] || {unit: '#222'}).unit;
      var kind = o.order.kind;
      var from = point(o.order.location, kind === 'retreat' ? 'dislodged' : 'unit');
      if (kind === 'move' || kind === 'retreat') {
        var to = point(o.order.target, 'unit');
        el('line', {x1: from[0], y1: from[1], x2: to[0], y2: to[1], stroke: colour,
                    'stroke-width': 6 * K, 'marker-end': 'url(#arrow)', 'class': 'order-line'}, layer);
      } else if (kind === 'support' || kind === 'convoy') {
        var mid = point(o.order.aux, 'unit');
        var end = o.order.target ? point(o.order.target, 'unit') : mid;
        el('path', {d: 'M' + from[0] + ' ' + from[1] + 'Q' + mid[0] + ' ' + mid[1] + ' ' + end[0] + ' ' + end[1],
                    fill: 'none', stroke: colour, 'stroke-width': 4 * K,
                    'stroke-dasharray': kind === 'convoy' ? (3 * K) + ' ' + (7 * K) : (12 * K) + ' ' + (8 * K),
                    'marker-end': o.order.target ? 'url(#arrow)' : null}, layer);
      } else if (kind === 'hold') {
        el('circle', {cx: from[0], cy: from[1], r: 24 * K, fill: 'none', stroke: colour, 'stroke-width': 5 * K}, layer);
      } else if (kind === 'build') {
        el('rect', {x: from[0] - 22 * K, y: from[1] - 22 * K, width: 44 * K, height: 44 * K,
                    fill: 'none', stroke: colour, 'stroke-width': 5 * K,
                    'stroke-dasharray': (6 * K) + ' ' + (4 * K)}, layer);
      } else if (kind === 'remove' || kind === 'disband') {
        var r = 24 * K;
        el('path', {d: 'M' + (from[0] - r) + ' ' + (from[1] - r) + 'l' + 2 * r + ' ' + 2 * r +
                    'm0 ' + (-2 * r) + 'l' + (-2 * r) + ' ' + 2 * r, 'stroke-linecap': 'round',
                    stroke: data.palette.dislodged, 'stroke-width': 7 * K}, layers.marks);
      }
    });
  }

  // --- choosing orders ------------------------------------------------------------------
  function buildChoices() {
    // adjustments: every power's builds are offered at once (no unit to pick), but not
    // where a build is already listed, nor for a power with none left to make
    var out = [];
    if (!data.me) return out;
    var taken = {};
    draft.forEach(function (d) { if (d.order && d.order.kind === 'build') taken[prov(d.order.location)] = true; });
    data.me.acting.forEach(function (p) {
      if (buildsLeft(p) <= 0) return;
      legalOf(p, '').forEach(function (o) {
        if (o.kind === 'build' && !taken[prov(o.location)]) out.push([p, o]);
      });
    });
    return out;
  }

  function buildsLeft(p) {
    var n = (data.me.adjust || {})[p] || 0;
    return n - draft.filter(function (d) {
      return d.power === p && d.order && (d.order.kind === 'build' || d.order.kind === 'waive');
    }).length;
  }

  function plural(n, one, other, power) {
    var isOne = data.lang === 'fr' ? n <= 1 : n === 1;
    return fill(isOne ? one : other, {power: power, count: String(n)});
  }

  // what a click on province ``target`` means now: final orders, and units to help
  function candidates(target) {
    var finals = [], helps = {};
    if (!pick) {
      buildChoices().forEach(function (po) {
        if (prov(po[1].location) === target) finals.push(po);
      });
      return {finals: finals, helps: []};
    }
    var list = legalOf(pick.power, pick.unit.location);
    var here = prov(pick.unit.location);
    list.forEach(function (o) {
      if (pick.second) {
        if ((o.kind === 'support' || o.kind === 'convoy') && prov(o.aux) === pick.second &&
            ((o.target && prov(o.target) === target) || (!o.target && target === pick.second))) {
          finals.push([pick.power, o]);
        }
        return;
      }
      if ((o.kind === 'move' || o.kind === 'retreat') && prov(o.target) === target) finals.push([pick.power, o]);
      else if ((o.kind === 'hold' || o.kind === 'disband' || o.kind === 'remove') && target === here) finals.push([pick.power, o]);
      else if ((o.kind === 'support' || o.kind === 'convoy') && prov(o.aux) === target) helps[target] = true;
    });
    return {finals: finals, helps: Object.keys(helps)};
  }

  function litProvinces() {
    var lit = {};
    if (!data.me) return lit;
    if (!pick) {
      buildChoices().forEach(function (po) { lit[prov(po[1].location)] = true; });
      return lit;
    }
    var here = prov(pick.unit.location);
    legalOf(pick.power, pick.unit.location).forEach(function (o) {
      if (pick.second) {
        if ((o.kind === 'support' || o.kind === 'convoy') && prov(o.aux) === pick.second) {
          lit[o.target ? prov(o.target) : pick.second] = true;
        }
      } else if (o.kind === 'move' || o.kind === 'retreat') lit[prov(o.target)] = true;
      else if (o.kind === 'support' || o.kind === 'convoy') lit[prov(o.aux)] = true;
      else lit[here] = true;
    });
    return lit;
  }

  function refreshTargets() {
    if (!layers.land) return;
    var lit = litProvinces();
    var picking = !!pick;
    layers.land.querySelectorAll('[data-province]').forEach(function (p) {
      var on = !!lit[p.getAttribute('data-province')];
      p.classList.toggle('lit', on);
      if (on) { p.setAttribute('tabindex', '0'); p.setAttribute('role', 'button'); }
      else { p.removeAttribute('tabindex'); p.setAttribute('role', 'img'); }
    });
    layers.units.querySelectorAll('.unit.mine').forEach(function (u) {
      var chosen = pick && u.getAttribute('data-location') === pick.unit.location &&
        u.getAttribute('data-power') === pick.power;
      u.classList.toggle('picked', !!chosen);
      u.setAttribute('tabindex', picking && !chosen ? '-1' : '0');
    });
    hint();
  }

  function hint() {
    var h = $('hint');
    if (!h) return;
    if (spectator) { h.textContent = ''; return; }
    if (data.me.bids) { h.textContent = T.bids_hint; return; }  // the duel's auction
    if (!data.me.written) {  // L'Impérialisme: its ballots stay in direct messages
      h.textContent = data.crisis ? fill(T.votes_dm_crisis, {crisis: data.crisis.text})
        : T.votes_dm;
      return;
    }
    if (!data.me.acting.length) { h.textContent = T.nothing; return; }
    // the order just added, read back under the map (on a phone the list is out of sight)
    if (!pick) { h.textContent = added ? fill(T.added, {say: added}) : T.pick_unit; return; }
    h.textContent = fill(pick.second ? T.picked_second : T.picked, {unit: pick.unit.label});
  }

  function choose(power, unit) {
    added = null;
    pick = {power: power, unit: unit, second: null};
    var list = legalOf(power, unit.location);
    if (list.length === 1 && (list[0].kind === 'remove')) {  // a removal: one click
      add(power, list[0]);
      return;
    }
    refreshTargets();
    measure('board:targets', 'board:click');
    var first = layers.land.querySelector('.lit');
    if (first && keyboardMode) first.focus();
  }

  function cancel() {
    var back = pick && findUnit(pick.power, pick.unit.location);
    pick = null;
    closeChooser();
    refreshTargets();
    if (back && keyboardMode) back.focus();
  }

  function findUnit(power, loc) {
    return layers.units.querySelector('[data-power="' + power + '"][data-location="' + loc + '"]');
  }

  function clickProvince(id) {
    var c = candidates(id);
    if (c.finals.length === 0 && c.helps.length === 1 && pick) {
      pick.second = c.helps[0];
      refreshTargets();
      var first = layers.land.querySelector('.lit');
      if (first && keyboardMode) first.focus();
      return;
    }
    var options = c.finals.map(function (po) {
      return {say: po[1].say, run: function () { add(po[0], po[1]); }};
    });
    if (pick && !pick.second) {
      c.helps.forEach(function (h) {
        var unit = data.units.filter(function (u) { return prov(u.location) === h; })[0];
        var convoy = legalOf(pick.power, pick.unit.location).some(function (o) {
          return o.kind === 'convoy' && prov(o.aux) === h;
        });
        options.push({say: fill(convoy ? T.help_convoy : T.help_support,
                                {unit: unit ? unit.label : h}), run: function () {
          pick.second = h; refreshTargets();
          var first = layers.land.querySelector('.lit');
          if (first) first.focus();
        }});
      });
    }
    if (options.length === 1) options[0].run();
    else if (options.length > 1) openChooser(options);
    else if (pick) cancel();  // a place it cannot go: put the unit down (no Escape on a phone)
  }

  var keyboardMode = false;
  function activate(target, viaKeyboard) {
    keyboardMode = !!viaKeyboard;
    mark('board:click');
    if (spectator) return;
    var unitEl = target.closest('[data-unit]');
    var provEl = target.closest('[data-province]');
    if (!unitEl && provEl && !pick) {
      // a tap anywhere on a province picks the player's unit there (a bigger target)
      var inside = layers.units.querySelector('.unit.mine[data-location^="' +
        provEl.getAttribute('data-province') + '"]');
      if (inside) unitEl = inside;
    }
    if (unitEl && !pick && unitEl.classList.contains('mine')) {
      var loc = unitEl.getAttribute('data-location'), power = unitEl.getAttribute('data-power');
      var unit = data.units.concat(data.dislodged).filter(function (u) {
        return u.location === loc && u.power === power;
      })[0];
      choose(power, unit);
      return;
    }
    var id = unitEl ? prov(unitEl.getAttribute('data-location')) : provEl && provEl.getAttribute('data-province');
    if (!id) return;
    if (!pick && !buildChoices().length) return;
    clickProvince(id);
  }

  // --- chooser ----------------------------------------------------------------------------
  function openChooser(options) {
    var box = $('chooser'), list = $('chooser-list');
    list.textContent = '';
    options.forEach(function (o) {
      var li = document.createElement('li');
      var b = document.createElement('button');
      b.type = 'button';
      b.textContent = o.say;
      b.addEventListener('click', function () { closeChooser(); o.run(); });
      li.appendChild(b);
      list.appendChild(li);
    });
    box.hidden = false;
    list.querySelector('button').focus();
  }
  function closeChooser() { var box = $('chooser'); if (box) box.hidden = true; }

  // --- the order list ---------------------------------------------------------------------
  function keyOf(power, o) {
    if (o.kind === 'build') return 'build ' + prov(o.location);
    if (o.kind === 'waive') return 'waive ' + Math.random();
    return power + ' ' + prov(o.location) + (o.conditional ? ' later' : '');
  }

  function add(power, o, conditional) {
    var entry = {power: power, text: o.text, say: o.say, local: o.local, order: o,
                 location: o.location,
                 conditional: !!conditional};
    entry.key = keyOf(power, {kind: o.kind, location: o.location, conditional: conditional});
    draft = draft.filter(function (d) { return d.key !== entry.key; });
    draft.push(entry);
    dirty = true;
    added = o.say;
    pick = null;
    closeChooser();
    renderList();
    drawOrders();
    refreshTargets();
    status(o.say);
  }

  function renderList() {
    var ul = $('orders');
    if (!ul) return;
    ul.textContent = '';
    if (!draft.length) {
      var none = document.createElement('li');
      none.className = 'none';
      none.textContent = T.no_orders;
      ul.appendChild(none);
    }
    draft.forEach(function (d, i) {
      var li = document.createElement('li');
      li.setAttribute('data-order', d.text);
      li.setAttribute('data-power', d.power);
      var text = document.createElement('span');
      text.className = 'text';
      var say = document.createElement('span');
      say.className = 'say';
      say.textContent = d.conditional ? fill(T.conditional, {say: d.say}) : d.say;
      var meta = document.createElement('span');
      meta.className = 'meta';
      if (data.me.powers.length > 1) {  // a seat of several powers: whose order it is
        var who = document.createElement('span');
        who.className = 'power';
        who.textContent = (data.palette.powers[d.power] || {name: d.power}).name;
        var colour = (data.palette.powers[d.power] || {}).unit;
        if (colour) who.style.borderColor = colour;
        meta.appendChild(who);
      }
      var code = document.createElement('code');
      code.textContent = d.local || d.text;  // the reader's abbreviations, as /orders show
      meta.appendChild(code);
      text.appendChild(say);
      text.appendChild(meta);
      var b = document.createElement('button');
      b.type = 'button';
      b.className = 'remove';
      b.textContent = '×';
      b.setAttribute('aria-label', fill(T.remove_order, {order: d.say}));
      b.addEventListener('click', function () {
        draft.splice(i, 1); dirty = true; renderList(); drawOrders();
        var next = ul.querySelector('button.remove') || $('send');
        if (next) next.focus();
      });
      li.appendChild(text); li.appendChild(b);
      ul.appendChild(li);
    });
    var sync = $('sync');
    if (sync) {  // sent or not: the list the page shows against what the referee holds
      sync.textContent = dirty ? T.unsent : data.me.orders.length ? T.synced : '';
      sync.classList.toggle('unsent', dirty);
      $('send').classList.toggle('unsent', dirty);
    }
    var due = $('due');
    if (due) {
      var parts = [];
      Object.keys(data.me.adjust || {}).forEach(function (p) {
        var n = data.me.adjust[p];
        var name = (data.palette.powers[p] || {name: p}).name;
        if (n > 0) {
          parts.push(plural(Math.max(buildsLeft(p), 0), T.builds_due_one, T.builds_due, name));
        } else if (n < 0) {
          var gone = -n - draft.filter(function (d) { return d.power === p && d.order && d.order.kind === 'remove'; }).length;
          parts.push(plural(Math.max(gone, 0), T.removals_due_one, T.removals_due, name));
        }
      });
      due.textContent = parts.join(' · ');
    }
    var waive = $('waive');
    if (waive) waive.hidden = !data.me.acting.some(function (x) { return buildsLeft(x) > 0; });
    if (!pick) refreshTargets();
  }

  function status(text, bad, lines) {
    var s = $('status');
    if (!s) return;
    s.textContent = text || '';
    s.classList.toggle('bad', !!bad);
    if (lines && lines.length) {
      // each refused line as typed, isolated (a right-to-left mark in it stays inside)
      var ul = document.createElement('ul');
      lines.forEach(function (l) {
        if (l.ok) return;
        var li = document.createElement('li');
        li.appendChild(document.createTextNode('❌ '));
        var typed = document.createElement('bdi');
        typed.textContent = l.text;
        li.appendChild(typed);
        if (l.error) li.appendChild(document.createTextNode(' — ' + l.error));
        ul.appendChild(li);
      });
      s.appendChild(ul);
    }
  }

  function refusal(r) {
    // the catalogue's sentence first; the lines follow, one by one
    var head = String(r.message || '').split('\n')[0];
    status(r.lines ? head : r.message, true, r.lines);
  }

  function post(path, fields) {
    var body = new URLSearchParams();
    body.set('csrf', data.me.csrf);
    body.set('version', String(data.game.version));  // what the page shows (stale: refused)
    Object.keys(fields).forEach(function (k) { body.set(k, fields[k]); });
    return fetch('/board/' + data.game.id + path, {
      method: 'POST', body: body, credentials: 'same-origin',
      headers: {'X-CSRF-Token': data.me.csrf}
    }).then(function (r) { return r.json(); });
  }

  // resolves true when every power's list was stored
  function send() {
    mark('board:send');
    status(T.sending);
    var powers = data.me.acting.length ? data.me.acting : data.me.powers;
    var chain = Promise.resolve([]);
    powers.forEach(function (p) {
      var text = draft.filter(function (d) { return d.power === p; })
        .map(function (d) { return d.text; }).join('\n');
      // an empty list clears the power's saved orders; with none saved, nothing to send
      var had = data.me.orders.some(function (o) { return o.power === p; });
      if (!text && !had) return;
      chain = chain.then(function (acc) {
        return post('/orders', {power: p, text: text}).then(function (r) { acc.push(r); return acc; });
      });
    });
    return chain.then(function (answers) {
      var bad = answers.filter(function (a) { return !a.ok; });
      if (bad.length) {
        if (bad[0].code === 'game.stale') {  // the game moved on: show where it is now
          return reload().then(function () { refusal(bad[0]); return false; });
        }
        refusal(bad[0]);
        return false;
      }
      return reload().then(function () {
        // one line for them all: "saved" when any list was stored
        var saved = answers.filter(function (a) { return a.saved; })[0];
        status(saved ? saved.message : answers.length ? answers[0].message : T.no_orders);
        measure('board:sent', 'board:send');
        return true;
      });
    });
  }

  function toggleReady() {
    var b = $('ready');
    var want = b.getAttribute('aria-pressed') !== 'true';
    // ready with a list not sent yet: it is sent first (ready means these orders)
    var first = want && dirty && !data.me.bids ? send() : Promise.resolve(true);
    first.then(function (sent) {
      if (sent) ready(want);
    });
  }

  function ready(want) {
    var b = $('ready');
    post('/ready', {ready: want ? '1' : '0'}).then(function (r) {
      if (!r.ok) { status(r.message, true); return; }
      b.setAttribute('aria-pressed', r.ready ? 'true' : 'false');
      status(r.message);
      if (r.resolved) reload();
    });
  }

  function typed(ev) {
    ev.preventDefault();
    var input = $('typed-text');
    var text = input.value.trim();
    if (!text) return;
    post('/check', {text: text}).then(function (r) {
      if (!r.ok) { refusal(r); return; }
      r.lines.forEach(function (l) {
        add(r.power, {text: l.normalized, say: l.say, local: l.local,
                      kind: l.order ? l.order.kind : 'hold',
                      location: l.order ? l.order.location : '', target: l.order && l.order.target,
                      aux: l.order && l.order.aux}, l.conditional);
      });
      input.value = '';
    });
  }

  function bids(ev) {
    ev.preventDefault();
    post('/bids', {text: $('bids-text').value}).then(function (r) {
      if (r.ok) status(r.message); else refusal(r);
    });
  }

  // --- the rest of the page ---------------------------------------------------------------
  function fromServer() {
    draft = [];
    dirty = false;
    added = null;
    if (!data.me) return;
    data.me.orders.forEach(function (o) {
      var order = o.order || null;  // as the engine read it when it was sent
      var entry = {power: o.power, text: o.text, say: o.say, local: o.local, order: order,
                   location: o.location, conditional: o.conditional};
      entry.key = keyOf(o.power, {kind: order ? order.kind : 'x',
                                   location: o.location || o.text, conditional: o.conditional});
      draft.push(entry);
    });
  }

  function renderPublic() {
    $('phase').textContent = data.game.phase_name || '';
    var results = $('results');
    results.textContent = '';
    $('results-title').hidden = !(data.results || []).length;
    $('results-title').textContent = data.shown ? fill(T.results_of, {phase: data.shown.name}) : T.results;

    (data.results || []).forEach(function (r) {
      var h = document.createElement('h3');
      h.textContent = (data.palette.powers[r.power] || {name: r.power}).name;
      var ul = document.createElement('ul');
      r.lines.forEach(function (line) {
        var li = document.createElement('li'); li.textContent = line; ul.appendChild(li);
      });
      results.appendChild(h); results.appendChild(ul);
    });
    // who is who on the map, and their supply centres (most first), as the results post
    var legend = $('centres');
    if (legend) {
      legend.textContent = '';
      var count = {};
      Object.keys(data.centres || {}).forEach(function (c) {
        var owner = data.centres[c];
        if (owner) count[owner] = (count[owner] || 0) + 1;
      });
      Object.keys(data.palette.powers).filter(function (p) {
        return count[p] || data.units.some(function (u) { return u.power === p; });
      }).sort(function (a, b) {
        return (count[b] || 0) - (count[a] || 0) ||
          data.palette.powers[a].name.localeCompare(data.palette.powers[b].name);
      }).forEach(function (p) {
        var li = document.createElement('li');
        li.setAttribute('data-power', p);
        var chip = document.createElement('span');
        chip.className = 'chip';
        chip.style.background = data.palette.powers[p].unit;
        chip.setAttribute('aria-hidden', 'true');
        li.appendChild(chip);
        // the letters on its units and centres, drawn by the stylesheet (attr): the item's
        // text, what a screen reader says, stays the power's name and count
        var cue = document.createElement('span');
        cue.className = 'cue';
        cue.setAttribute('aria-hidden', 'true');
        cue.setAttribute('data-cue', data.palette.powers[p].cue || '');
        li.appendChild(cue);
        li.appendChild(document.createTextNode(data.palette.powers[p].name + ' '));
        var n = document.createElement('b');
        n.textContent = String(count[p] || 0);
        li.appendChild(n);
        if ((data.bots || []).indexOf(p) >= 0) {  // played by the bot
          var tag = document.createElement('span');
          tag.className = 'bot-tag';
          tag.textContent = T.bot;
          li.appendChild(tag);
        }
        legend.appendChild(li);
      });
    }
    var hist = $('history');
    hist.textContent = '';
    var now = document.createElement('li');
    var a0 = document.createElement('a');
    a0.href = '/g/' + data.game.id;
    a0.textContent = T.now;
    now.appendChild(a0);
    hist.appendChild(now);
    (data.history || []).slice().reverse().forEach(function (p) {
      var li = document.createElement('li');
      var a = document.createElement('a');
      a.href = '/g/' + data.game.id + '?seq=' + p.seq;
      a.textContent = p.name || p.phase;
      if (data.shown && data.shown.seq === p.seq) a.setAttribute('aria-current', 'page');
      li.appendChild(a); hist.appendChild(li);
    });
    var crisis = $('crisis');
    if (crisis) {
      crisis.hidden = !data.crisis;
      crisis.textContent = '';
      if (data.crisis) {
        var h2 = document.createElement('h2'); h2.textContent = T.crisis; crisis.appendChild(h2);
        var p = document.createElement('p'); p.textContent = data.crisis.text;
        crisis.appendChild(p);
      }
    }
    if (data.me) {
      var panel = $('panel');
      if (panel) panel.hidden = !data.me.written;  // L'Impérialisme: votes stay in DMs
      var ready = $('ready');
      ready.setAttribute('aria-pressed', data.me.ready ? 'true' : 'false');
      ready.disabled = !data.me.acting.length;
      $('send').disabled = !data.me.acting.length;
      var bidForm = $('bids');
      if (bidForm) {
        bidForm.hidden = !data.me.bids;
        // the auction has no orders: its form alone, with Ready
        ['orders-title', 'orders', 'due', 'typed', 'send', 'sync'].forEach(function (id) {
          if ($(id)) $(id).hidden = !!data.me.bids;
        });
        if (data.me.bids) {
          $('bids-text').value = data.me.bids.text || '';
          $('bids-text').setAttribute('placeholder', data.me.bids.minors.map(function (m) {
            return m + ' 0'; }).join(', '));
          $('ready').disabled = false;
        }
      }
    }
  }

  function tick() {
    var out = $('deadline');
    if (!out) return;
    if (!data.game.deadline) { out.textContent = T.no_deadline; return; }
    var at = new Date(data.game.deadline);
    var left = Math.floor((at.getTime() - Date.now()) / 1000);
    if (left <= 0) { out.textContent = T.deadline_passed; return; }
    var d = Math.floor(left / 86400), h = Math.floor(left % 86400 / 3600);
    var m = Math.floor(left % 3600 / 60), s = left % 60;
    var pad = function (n) { return (n < 10 ? '0' : '') + n; };
    // days and hours while it is far; minutes and seconds in the last hour
    var text = d ? fill(T.deadline_days, {days: d, hours: h})
      : h ? fill(T.deadline_hours, {hours: h, minutes: pad(m)}) : m + ':' + pad(s);
    // the date itself the reader's way: their language, their clock
    out.textContent = fill(T.deadline_at, {when: when(at), left: fill(T.deadline_left, {left: text})});
  }
  var whenFormat = null;
  function when(at) {
    try {
      // the page's language, in the reader's own regional form (en-GB: 29 Nov, 14:00)
      var tags = (navigator.languages || [navigator.language]).filter(function (l) {
        return String(l).split('-')[0] === data.lang; });
      whenFormat = whenFormat || new Intl.DateTimeFormat(tags.concat([data.lang]), {
        weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit'});
      return whenFormat.format(at);
    } catch (e) { return at.toLocaleString(); }
  }

  function statePath() {
    return (spectator ? '/g/' : '/board/') + data.game.id + '/state' +
      (spectator && data.shown ? '?seq=' + data.shown.seq : '');
  }

  // the ETag of the last state read: a poll sends it back, the server answers 304 (nothing
  // built, nothing sent) while nothing the page shows has changed
  var etag = null;

  function reload() {
    return fetch(statePath(), {credentials: 'same-origin'}).then(function (r) {
      if (!r.ok) { return r.json().then(function (j) { status(j.message, true); }); }
      etag = r.headers.get('ETag');
      return r.json().then(function (fresh) {
        data = keep(fresh); pick = null;
        fromServer(); renderPublic();
        if (geo) draw();
        if (!spectator) renderList();
      });
    });
  }

  // an update leaves out what the page already has (the board's names and palette, texts)
  function keep(fresh) {
    ['palette', 'provinces', 't'].forEach(function (k) { if (!fresh[k]) fresh[k] = data[k]; });
    return fresh;
  }

  // the game moved (a phase resolved, the GM changed something): the page follows. A list
  // not sent yet is kept while the phase is the same one
  function refresh() {
    var headers = etag ? {'If-None-Match': etag} : {}, tag = null;
    return fetch(statePath(), {credentials: 'same-origin', headers: headers}).then(function (r) {
      if (!r.ok) return null;  // 304: nothing changed since what the page shows
      tag = r.headers.get('ETag');
      return r.json();
    }).then(function (fresh) {
      if (!fresh) return;  // an answer is a change: an order sent from Discord keeps the version
      etag = tag;
      var samePhase = fresh.game.phase === data.game.phase, mine = draft, wasDirty = dirty;
      data = keep(fresh); pick = null; fromServer();
      if (samePhase && wasDirty) { draft = mine; dirty = true; }
      renderPublic(); if (geo) draw();
      if (!spectator) renderList();
    }).catch(function () {});
  }

  function poll() {
    if (!document.hidden) refresh();
  }

  // live updates: the server says when the game's version moves (server-sent events)
  function listen() {
    if (!window.EventSource) return false;
    var source = new EventSource((spectator ? '/g/' : '/board/') + data.game.id + '/events');
    source.onmessage = function (e) {
      if (Number(e.data) !== data.game.version) refresh();
    };
    return true;
  }

  // a phone shows part of the map: start where the player's units are, else (a spectator,
  // L'Impérialisme) on the middle of the board rather than its top-left corner
  function centreOnMine() {
    var host = $('map');
    var mine = layers.units && layers.units.querySelector('.unit.mine');
    if (host.scrollWidth <= host.clientWidth + 1) return;
    if (!mine) {
      host.scrollLeft = (host.scrollWidth - host.clientWidth) / 2;
      host.scrollTop = (host.scrollHeight - host.clientHeight) / 2;
      return;
    }
    var box = mine.getBoundingClientRect(), frame = host.getBoundingClientRect();
    host.scrollLeft += box.left - frame.left - host.clientWidth / 2;
    host.scrollTop += box.top - frame.top - host.clientHeight / 2;
  }

  // --- events -----------------------------------------------------------------------------
  var host = $('map');
  host.addEventListener('click', function (ev) { activate(ev.target, ev.detail === 0); });
  host.addEventListener('keydown', function (ev) {
    if (ev.key === 'Enter' || ev.key === ' ') {
      var t = ev.target.closest('[tabindex]');
      if (t) { ev.preventDefault(); activate(t, true); }
    }
  });
  document.addEventListener('keydown', function (ev) {
    if (ev.key === 'Escape' && (pick || !$('chooser').hidden)) { ev.preventDefault(); cancel(); }
  });
  $('chooser-cancel').addEventListener('click', cancel);
  if (!spectator) {
    $('send').addEventListener('click', send);
    $('ready').addEventListener('click', toggleReady);
    $('typed').addEventListener('submit', typed);
    $('bids').addEventListener('submit', bids);
    $('waive').addEventListener('click', function () {
      var p = data.me.acting.filter(function (x) { return buildsLeft(x) > 0; })[0];
      var w = legalOf(p, '').filter(function (o) { return o.kind === 'waive'; })[0];
      if (w) add(p, w);
    });
  }

  // leaving with changes not sent: the browser asks first
  window.addEventListener('beforeunload', function (ev) {
    if (!spectator && dirty) { ev.preventDefault(); ev.returnValue = ''; }
  });

  fromServer();
  renderPublic();
  if (!spectator) renderList();
  tick();
  setInterval(tick, 1000);
  setInterval(poll, listen() ? 60000 : 20000);  // polling stays as a safety net
  // back from Discord (an order sent there): the page catches up at once
  document.addEventListener('visibilitychange', poll);
  fetch('/maps/' + data.map + '/geometry.json').then(function (r) { return r.json(); })
    .then(function (g) {
      geo = g; draw(); centreOnMine();
      measure('board:drawn');  // from navigation start
      document.body.setAttribute('data-ready', '1');
    });
})();
