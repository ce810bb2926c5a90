import {
  type Announcements,
  AutoScrollActivator,
  type CollisionDetection,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  TouchSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  type PointerEvent,
  type PointerEventHandler,
  type ReactNode,
  type TouchEvent,
  type TouchEventHandler,
  useRef,
  useState,
} from 'react';

/**
 * Dragging tasks onto a target (a folder) across remotes: the host wraps the workspace in
 * `TaskDragProvider`, a remote's card uses `useTaskDrag`, another remote's target `useTaskDropTarget`. dnd-kit
 * lives here, in the shared platform, so every remote uses the one instance and the one context.
 */
interface DragData {
  /** The ids the drag carries (the selection when the card is in it). */
  ids: () => string[];
  /** What screen readers hear, e.g. "“Pay the invoice”" or "3 tasks". */
  label: () => string;
}
interface DragOptions extends DragData {
  disabled?: boolean;
}
interface DropData {
  name: string;
  /** How screen readers hear the target, when not "the folder <name>". */
  spoken?: string;
  onDrop: (ids: string[]) => void;
}

const interactive = 'button:not([data-drag-handle]), a, input, select, textarea, label, [contenteditable]';

const onControl = (target: EventTarget | null) =>
  target instanceof Element && target.closest(interactive) !== null;

/**
 * Mouse and pen drags start anywhere on a card except on its own controls (buttons, fields, the slider), after
 * a few pixels of movement. Touch is left to `CardTouchSensor`: a finger moving on a card scrolls the page.
 */
class CardPointerSensor extends PointerSensor {
  static override activators = [
    {
      eventName: 'onPointerDown' as const,
      handler: ({ nativeEvent }: PointerEvent) =>
        nativeEvent.isPrimary &&
        nativeEvent.button === 0 &&
        nativeEvent.pointerType !== 'touch' &&
        !onControl(nativeEvent.target),
    },
  ];
}

/** On a phone a drag starts with a long press on the card (a swipe still scrolls), again not on its controls. */
class CardTouchSensor extends TouchSensor {
  static override activators = [
    {
      eventName: 'onTouchStart' as const,
      handler: ({ nativeEvent }: TouchEvent) =>
        nativeEvent.touches.length === 1 && !onControl(nativeEvent.target),
    },
  ];
}

/** How long a finger rests on a card before it lifts for dragging, and how far it may wander meanwhile. */
export const longPress = { delay: 300, tolerance: 8 } as const;

/** Arrow keys jump from one target to the next (in reading order) instead of moving a few pixels. */
const betweenTargets: KeyboardCoordinateGetter = (event, { context, currentCoordinates }) => {
  const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.code];
  if (!step || !context.collisionRect) return undefined;
  event.preventDefault();
  const targets = context.droppableContainers
    .getEnabled()
    .flatMap((container) => {
      const rect = context.droppableRects.get(container.id);
      return rect ? [{ id: container.id, rect }] : [];
    })
    .sort((a, b) => a.rect.top - b.rect.top || a.rect.left - b.rect.left);
  if (targets.length === 0) return undefined;
  const at = targets.findIndex((target) => target.id === context.over?.id);
  const next =
    targets[at === -1 ? (step > 0 ? 0 : targets.length - 1) : (at + step + targets.length) % targets.length];
  if (!next) return undefined;
  // Move by the distance between the moved item's middle and the target's.
  const moved = context.collisionRect;
  return {
    x: currentCoordinates.x + next.rect.left + next.rect.width / 2 - (moved.left + moved.width / 2),
    y: currentCoordinates.y + next.rect.top + next.rect.height / 2 - (moved.top + moved.height / 2),
  };
};

/** The targets under the middle of the moved item (where the keyboard getter centres it). */
const centreWithin: CollisionDetection = ({ collisionRect, droppableRects, droppableContainers }) => {
  const x = collisionRect.left + collisionRect.width / 2;
  const y = collisionRect.top + collisionRect.height / 2;
  return droppableContainers.flatMap((container) => {
    const r = droppableRects.get(container.id);
    const inside = r && x >= r.left && x <= r.left + r.width && y >= r.top && y <= r.top + r.height;
    return inside ? [{ id: container.id, data: { droppableContainer: container, value: 0 } }] : [];
  });
};

/** A pointer drops where the pointer is; a keyboard drag where the moved item sits. */
const collisions: CollisionDetection = (args) =>
  args.pointerCoordinates ? pointerWithin(args) : centreWithin(args);

const dragOf = (data: unknown) => data as DragData | undefined;
const dropOf = (data: unknown) => data as DropData | undefined;
const spokenTarget = (data: unknown) => {
  const drop = dropOf(data);
  return drop?.spoken ?? `the folder ${drop?.name}`;
};

export const taskDragInstructions =
  'To move tasks into a folder, press Space or Enter on a task’s move handle, use the arrow keys to choose a folder, then press Space or Enter to drop them there, or Escape to cancel.';

/** What a drag carries, read once when it starts: the card may unmount mid-drag (the list scrolled past it). */
interface Carried {
  ids: string[];
  label: string;
}

/** What screen readers hear, about what `carried()` says is moving. */
const announcementsOf = (carried: () => Carried | null): Announcements => ({
  onDragStart: () => `Picked up ${carried()?.label}. Use the arrow keys to choose a folder.`,
  onDragOver: ({ over }) =>
    over
      ? `${carried()?.label} is over ${spokenTarget(over.data.current)}.`
      : `${carried()?.label} is not over a folder.`,
  onDragEnd: ({ over }) =>
    over
      ? `${carried()?.label} moved to ${spokenTarget(over.data.current)}.`
      : `${carried()?.label} was not moved.`,
  onDragCancel: () => `Moving ${carried()?.label} was cancelled.`,
});

/** The workspace's drag context (the host renders it around the folder strip and the task list). */
export function TaskDragProvider({ children }: { children: ReactNode }) {
  const sensors = useSensors(
    useSensor(CardPointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(CardTouchSensor, { activationConstraint: longPress }),
    useSensor(KeyboardSensor, { coordinateGetter: betweenTargets }),
  );
  const [moving, setMoving] = useState<Carried | null>(null);
  const carried = useRef<Carried | null>(null);
  const [announcements] = useState(() => announcementsOf(() => carried.current));
  const start = ({ active }: DragStartEvent) => {
    const drag = dragOf(active.data.current);
    carried.current = drag ? { ids: drag.ids(), label: drag.label() } : null;
    setMoving(carried.current);
  };
  const end = ({ over }: DragEndEvent) => {
    setMoving(null);
    const drop = dropOf(over?.data.current);
    if (carried.current && drop) drop.onDrop(carried.current.ids);
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisions}
      // The page scrolls when the pointer nears its top or bottom edge; nothing scrolls sideways (the folder
      // strip moving under the pointer would change the target).
      // The list is virtual: cards mount and unmount as it scrolls, which must not shift the scroll back.
      autoScroll={{
        activator: AutoScrollActivator.Pointer,
        threshold: { x: 0, y: 0.12 },
        layoutShiftCompensation: false,
      }}
      accessibility={{ announcements, screenReaderInstructions: { draggable: taskDragInstructions } }}
      onDragStart={start}
      onDragCancel={() => setMoving(null)}
      onDragEnd={end}
    >
      {children}
      <DragOverlay dropAnimation={null}>
        {moving ? <div className="b-drag-chip">Moving {moving.label}</div> : null}
      </DragOverlay>
    </DndContext>
  );
}

/**
 * A draggable task card: `cardProps` on the card (pointer drags from anywhere but its controls),
 * `handleProps` on its move handle (a real button: keyboard and screen readers start there).
 */
export function useTaskDrag(id: string, { disabled, ...data }: DragOptions) {
  const { setNodeRef, setActivatorNodeRef, listeners, attributes, isDragging } = useDraggable({
    id: `task:${id}`,
    data,
    disabled,
  });
  return {
    isDragging,
    cardRef: setNodeRef,
    cardProps: {
      onPointerDown: listeners?.onPointerDown as PointerEventHandler | undefined,
      onTouchStart: listeners?.onTouchStart as TouchEventHandler | undefined,
    },
    handleRef: setActivatorNodeRef,
    handleProps: { ...attributes, ...listeners, 'data-drag-handle': '' },
  };
}

/** Something tasks can be dropped on (a folder card): `onDrop` gets the dragged ids. */
export function useTaskDropTarget(id: string, data: DropData & { disabled?: boolean }) {
  const { setNodeRef, isOver, active } = useDroppable({ id: `target:${id}`, data, disabled: data.disabled });
  return { ref: setNodeRef, isOver: isOver && !data.disabled, dragging: active !== null };
}
