/**
 * happy-dom lays nothing out. Elements given `data-rect="left,top,width,height"` report that box, so dnd-kit can
 * measure drag handles and drop targets in component tests. Returns the undo.
 */
export function fakeLayout() {
  const original = Element.prototype.getBoundingClientRect;
  Element.prototype.getBoundingClientRect = function (this: Element) {
    const box = this instanceof HTMLElement ? this.dataset.rect?.split(',').map(Number) : undefined;
    if (!box) return original.call(this);
    const [left = 0, top = 0, width = 0, height = 0] = box;
    return {
      left,
      top,
      width,
      height,
      right: left + width,
      bottom: top + height,
      x: left,
      y: top,
      toJSON: () => ({}),
    };
  };
  return () => {
    Element.prototype.getBoundingClientRect = original;
  };
}
