import type { NeighbourhoodNode, NeighbourhoodView } from '../../worker/domain/circles/neighbourhood';

// Where each person sits in the neighbourhood graph: the contact in the middle, the people
// linked to them evenly round a first ring, and each of theirs on an outer ring within its
// parent's share of the circle, so a line never crosses the whole drawing.

export const VIEW = { width: 400, height: 390, cx: 200, cy: 190, inner: 90, outer: 150 } as const;

export interface PlacedNode extends NeighbourhoodNode {
  x: number;
  y: number;
  labelX: number;
  labelY: number;
}

const round = (n: number) => Math.round(n * 10) / 10;

function place(node: NeighbourhoodNode, angle: number, radius: number): PlacedNode {
  const x = VIEW.cx + radius * Math.cos(angle);
  const y = VIEW.cy + radius * Math.sin(angle);
  // Names sit below their node, or above it on the outer ring's upper half, so they point away from the middle.
  const above = node.ring === 2 && Math.sin(angle) < -0.3;
  return { ...node, x: round(x), y: round(y), labelX: round(x), labelY: round(above ? y - 12 : y + 22) };
}

/** The nodes placed, in the order a keyboard should meet them: the contact, then round the ring, each followed by theirs. */
export function layoutNeighbourhood(view: NeighbourhoodView): PlacedNode[] {
  const centre = view.nodes.find((n) => n.ring === 0)!;
  const first = view.nodes.filter((n) => n.ring === 1);
  const placed: PlacedNode[] = [{ ...centre, x: VIEW.cx, y: VIEW.cy, labelX: VIEW.cx, labelY: VIEW.cy + 30 }];
  const share = (2 * Math.PI) / Math.max(first.length, 1);
  first.forEach((node, i) => {
    const angle = -Math.PI / 2 + i * share;
    placed.push(place(node, angle, VIEW.inner));
    const theirs = view.nodes.filter((n) => n.ring === 2 && n.parent === node.id);
    const spread = Math.min(share * 0.8, Math.PI / 2);
    theirs.forEach((child, j) => {
      const offset = theirs.length === 1 ? 0 : -spread / 2 + (j * spread) / (theirs.length - 1);
      placed.push(place(child, angle + offset, VIEW.outer));
    });
  });
  return placed;
}

/** A name short enough for the drawing: the first name, or its first 10 letters. */
export function shortName(name: string): string {
  const first = name.split(/\s+/)[0] ?? name;
  return first.length > 10 ? `${first.slice(0, 9)}…` : first;
}
