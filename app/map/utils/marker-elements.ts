import type { MapCluster, MapPin } from '../hooks/use-map-data';

/** A stable key per marker, so a refresh keeps unchanged markers (and an open card). */
export function markerKey(cluster: MapCluster): string {
  if (cluster.pin) return `pin:${cluster.pin.id}`;
  return `${cluster.members ? 'stack' : 'cluster'}:${cluster.latitude.toFixed(5)},${cluster.longitude.toFixed(5)}:${cluster.count}`;
}

/**
 * Pins at the very same point (contacts geocoded to one city) become one stack that lists
 * them: at street zoom the API sends every contact apart, and such pins would hide each other.
 */
export function stackCoinciding(clusters: MapCluster[]): MapCluster[] {
  const atPoint = new Map<string, MapPin[]>();
  const rest: MapCluster[] = [];
  for (const cluster of clusters) {
    if (!cluster.pin) rest.push(cluster);
    else {
      const key = `${cluster.latitude},${cluster.longitude}`;
      atPoint.set(key, [...(atPoint.get(key) ?? []), cluster.pin]);
    }
  }
  for (const pins of atPoint.values()) {
    const [first] = pins;
    if (pins.length === 1) rest.push({ latitude: first!.latitude, longitude: first!.longitude, count: 1, pin: first });
    else rest.push({ latitude: first!.latitude, longitude: first!.longitude, count: pins.length, at_one_point: true, members: pins });
  }
  return rest;
}

const PIN_CLASS = 'block h-3.5 w-3.5 rounded-full bg-rose-500 shadow ring-2 ring-white transition-transform dark:ring-slate-900';
const PIN_HIGHLIGHT_CLASS = 'scale-175 bg-amber-400 ring-amber-100';

/** A numbered cluster bubble; it grows with the number of contacts it stands for. */
export function clusterElement(count: number, onClick: () => void, atOnePoint = false): HTMLElement {
  const el = document.createElement('button');
  el.type = 'button';
  el.dataset.testid = 'map-cluster';
  el.dataset.count = String(count);
  if (atOnePoint) el.dataset.atOnePoint = 'true';
  el.setAttribute('aria-label', atOnePoint ? `${count} contacts at this place; list them` : `${count} contacts here; zoom in`);
  const size = Math.round(28 + Math.min(24, 6 * Math.log10(count)));
  const bubble = document.createElement('span');
  bubble.className =
    'flex items-center justify-center rounded-full bg-brand-600/90 text-xs font-semibold text-white shadow ring-4 ring-brand-500/30 hover:bg-brand-700';
  bubble.style.width = `${size}px`;
  bubble.style.height = `${size}px`;
  bubble.textContent = count >= 10_000 ? `${Math.round(count / 1000)}k` : count.toLocaleString('en');
  el.appendChild(bubble);
  el.addEventListener('click', (event) => {
    event.stopPropagation();
    onClick();
  });
  return el;
}

/** One contact's pin. */
export function pinElement(pin: MapPin): HTMLElement {
  const el = document.createElement('button');
  el.type = 'button';
  el.dataset.testid = 'map-pin';
  el.dataset.contactId = pin.id;
  el.setAttribute('aria-label', pin.full_name || 'Unnamed contact');
  el.className = 'p-1';
  const dot = document.createElement('span');
  dot.className = PIN_CLASS;
  el.appendChild(dot);
  return el;
}

export function setPinHighlighted(el: HTMLElement, highlighted: boolean): void {
  const dot = el.firstElementChild;
  if (!dot) return;
  for (const cls of PIN_HIGHLIGHT_CLASS.split(' ')) dot.classList.toggle(cls, highlighted);
  el.style.zIndex = highlighted ? '10' : '';
}

/** The small card a pin opens: name, score, and a link to the contact. */
export function pinCard(pin: MapPin, onOpen: (id: string) => void): HTMLElement {
  const card = document.createElement('div');
  card.className = 'min-w-40 text-slate-900';
  card.dataset.testid = 'map-pin-card';
  const name = document.createElement('p');
  name.className = 'font-semibold text-sm';
  name.textContent = pin.full_name || 'Unnamed contact';
  const score = document.createElement('p');
  score.className = 'text-xs text-slate-500';
  score.textContent = `Relationship score ${pin.relationship_score.toFixed(1)}`;
  const link = document.createElement('a');
  link.href = `/contacts/${pin.id}`;
  link.className = 'mt-2 inline-block text-xs font-medium text-brand-600 underline';
  link.textContent = 'Open contact';
  link.addEventListener('click', (event) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    onOpen(pin.id);
  });
  for (const child of [name, score, link]) card.appendChild(child);
  return card;
}

/** The list a bubble that cannot split opens: the people at that point, best score first. */
export function peopleCard(pins: MapPin[], total: number, onOpen: (id: string) => void): HTMLElement {
  const card = document.createElement('div');
  card.className = 'min-w-48 text-slate-900';
  card.dataset.testid = 'map-people-card';
  const heading = document.createElement('p');
  heading.className = 'font-semibold text-sm';
  heading.textContent = `${total.toLocaleString('en')} people here`;
  const list = document.createElement('ul');
  list.className = 'mt-1 max-h-64 overflow-y-auto text-sm';
  for (const pin of [...pins].sort((a, b) => b.relationship_score - a.relationship_score)) {
    const item = document.createElement('li');
    const link = document.createElement('a');
    link.href = `/contacts/${pin.id}`;
    link.className = 'block py-0.5 text-brand-700 hover:underline';
    link.textContent = pin.full_name || 'Unnamed contact';
    link.addEventListener('click', (event) => {
      if (event.metaKey || event.ctrlKey || event.shiftKey) return;
      event.preventDefault();
      onOpen(pin.id);
    });
    item.appendChild(link);
    list.appendChild(item);
  }
  card.appendChild(heading);
  card.appendChild(list);
  if (total > pins.length) {
    const more = document.createElement('p');
    more.className = 'mt-1 text-xs text-slate-600';
    more.textContent = `Showing ${pins.length} of ${total.toLocaleString('en')}`;
    card.appendChild(more);
  }
  return card;
}
