import { act, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DragHandleButton, SortableList } from "./sortable-list.tsx";

/** jsdom lays nothing out: each list item gets a 50 px row by its place in the list. */
function layOut() {
  return vi.spyOn(Element.prototype, "getBoundingClientRect").mockImplementation(function (this: Element) {
    const item = this.closest("li");
    const index = item ? [...(item.parentElement?.children ?? [])].indexOf(item) : 0;
    const top = index * 60;
    return {
      x: 0,
      y: top,
      top,
      left: 0,
      right: 300,
      bottom: top + 50,
      width: 300,
      height: 50,
      toJSON: () => ({}),
    };
  });
}

function Steps() {
  const [items, setItems] = useState([
    { id: "a", text: "Whisk" },
    { id: "b", text: "Rest" },
    { id: "c", text: "Fry" },
  ]);
  return (
    <SortableList
      items={items}
      itemName={(index) => `step ${index + 1}`}
      onMove={(from, to) =>
        setItems((list) => {
          const next = [...list];
          const [moved] = next.splice(from, 1);
          if (moved) next.splice(to, 0, moved);
          return next;
        })
      }
    >
      {(item, index, handle) => (
        <>
          <DragHandleButton handle={handle} label={`Move step ${index + 1}`} />
          <span className="text">{item.text}</span>
        </>
      )}
    </SortableList>
  );
}

const order = () => [...document.querySelectorAll(".text")].map((e) => e.textContent);

describe("reordering lines by keyboard", { timeout: 30_000 }, () => {
  let spy: ReturnType<typeof layOut>;
  beforeEach(() => {
    spy = layOut();
  });
  afterEach(() => spy.mockRestore());

  async function press(element: Element, code: string) {
    await act(async () => {
      fireEvent.keyDown(element, { code, key: code === "Space" ? " " : code });
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
  }

  it("moves an item with Space, the arrow keys and Space, and announces it by name", async () => {
    render(<Steps />);
    const handle = screen.getByRole("button", { name: "Move step 3" });
    handle.focus();
    await press(handle, "Space");
    await press(handle, "ArrowUp");
    await press(handle, "ArrowUp");
    await press(handle, "Space");
    expect(order()).toEqual(["Fry", "Whisk", "Rest"]);
    expect(screen.getByText("step 3 was dropped at position 1 of 3.")).toBeInTheDocument();
  });

  it("leaves the order alone when Escape cancels the move", async () => {
    render(<Steps />);
    const handle = screen.getByRole("button", { name: "Move step 1" });
    handle.focus();
    await press(handle, "Space");
    await press(handle, "ArrowDown");
    expect(screen.getByText("step 1 is over position 2 of 3.")).toBeInTheDocument();
    await press(handle, "Escape");
    expect(order()).toEqual(["Whisk", "Rest", "Fry"]);
  });
});
