/**
 * An ordered list whose items move by drag (pointer or touch) and by keyboard (focus the handle,
 * Space, arrow keys, Space; Escape cancels), with @dnd-kit/sortable. Screen readers hear each move
 * by the item's name ("Step 2 is over position 1 of 3"), not by an internal id.
 */
import {
  type Announcements,
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import type { HTMLAttributes, ReactNode } from "react";
import { useT } from "../i18n/index.ts";
import "./sortable-list.css";

/** Spread on the item's drag handle (a button): its ref, keyboard and pointer listeners, ARIA. */
export type DragHandle = HTMLAttributes<HTMLElement> & { ref: (element: HTMLElement | null) => void };

export function SortableList<T extends { id: string }>({
  items,
  itemName,
  onMove,
  className,
  children,
}: {
  items: T[];
  /** What a person calls the item at this index ("Step 2"), for the announcements. */
  itemName: (index: number) => string;
  onMove: (from: number, to: number) => void;
  className?: string;
  children: (item: T, index: number, handle: DragHandle) => ReactNode;
}) {
  const { t } = useT();
  const sensors = useSensors(
    // A few pixels of travel before a drag starts, so a tap on the handle is not a drag.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const indexOf = (id: UniqueIdentifier) => items.findIndex((item) => item.id === id);
  const nameOf = (id: UniqueIdentifier) => itemName(indexOf(id));
  const at = (id: UniqueIdentifier) => ({ position: indexOf(id) + 1, count: items.length });
  const announcements: Announcements = {
    onDragStart: ({ active }) => t("components.dragPickedUp", { name: nameOf(active.id) }),
    onDragOver: ({ active, over }) =>
      over
        ? t("components.dragOver", { name: nameOf(active.id), ...at(over.id) })
        : t("components.dragOverNothing", { name: nameOf(active.id) }),
    onDragEnd: ({ active, over }) =>
      over
        ? t("components.dragDroppedAt", { name: nameOf(active.id), ...at(over.id) })
        : t("components.dragDropped", { name: nameOf(active.id) }),
    onDragCancel: ({ active }) => t("components.dragCancelled", { name: nameOf(active.id) }),
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable: t("components.dragInstructions"),
        },
      }}
      onDragEnd={({ active, over }) => {
        if (over && active.id !== over.id) onMove(indexOf(active.id), indexOf(over.id));
      }}
    >
      <SortableContext items={items} strategy={verticalListSortingStrategy}>
        <ol className={className}>
          {items.map((item, index) => (
            <SortableItem key={item.id} id={item.id}>
              {(handle) => children(item, index, handle)}
            </SortableItem>
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

function SortableItem({ id, children }: { id: string; children: (handle: DragHandle) => ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id });
  return (
    <li
      ref={setNodeRef}
      className="sortable-item"
      data-dragging={isDragging || undefined}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      {children({ ref: setActivatorNodeRef, ...attributes, ...listeners })}
    </li>
  );
}

/** The grip to drag an item by, named after it ("Move step 2"). */
export function DragHandleButton({ handle, label }: { handle: DragHandle; label: string }) {
  return (
    <button type="button" className="drag-handle" {...handle} aria-label={label}>
      <span aria-hidden="true">⠿</span>
    </button>
  );
}
