/**
 * The 64-bit difference hashes of every frame kept so far, searchable by Hamming distance: a
 * BK-tree (Burkhard–Keller). Each child hangs off its parent at their exact distance, so a search
 * within `d` of a query at distance `k` from a node only descends into children `k−d … k+d`: a
 * whole work (tens of thousands of frames) is compared with every kept frame without a scan of all
 * pairs. No npm package offers one that is kept up, and the tree is small.
 */
interface Node<T> {
  hi: number;
  lo: number;
  value: T;
  children: Map<number, Node<T>> | null;
}

/** The hash's two 32-bit halves (16 hex digits in, as the image store keeps them). */
export function hashHalves(hex: string): { hi: number; lo: number } {
  return { hi: parseInt(hex.slice(0, 8), 16) >>> 0, lo: parseInt(hex.slice(8, 16), 16) >>> 0 };
}

function popcount32(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

export function distance(a: { hi: number; lo: number }, b: { hi: number; lo: number }): number {
  return popcount32((a.hi ^ b.hi) >>> 0) + popcount32((a.lo ^ b.lo) >>> 0);
}

export class HashIndex<T> {
  private root: Node<T> | null = null;
  size = 0;

  add(hex: string, value: T): void {
    const node: Node<T> = { ...hashHalves(hex), value, children: null };
    this.size++;
    if (!this.root) {
      this.root = node;
      return;
    }
    let at = this.root;
    for (;;) {
      const d = distance(at, node);
      at.children ??= new Map();
      const child = at.children.get(d);
      if (!child) {
        at.children.set(d, node);
        return;
      }
      at = child;
    }
  }

  /** The value of the closest indexed hash within `threshold` bits, or null. */
  nearest(hex: string, threshold: number): { value: T; distance: number } | null {
    if (!this.root) return null;
    const query = hashHalves(hex);
    let best: { value: T; distance: number } | null = null;
    const stack: Node<T>[] = [this.root];
    while (stack.length > 0) {
      const node = stack.pop()!;
      const d = distance(node, query);
      if (d <= threshold && (!best || d < best.distance)) best = { value: node.value, distance: d };
      if (best?.distance === 0) break;
      if (!node.children) continue;
      const radius = best ? Math.min(threshold, best.distance) : threshold;
      for (const [k, child] of node.children)
        if (k >= d - radius && k <= d + radius) stack.push(child);
    }
    return best;
  }
}
