import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ServingsStepper } from "./servings-stepper.tsx";

describe("ServingsStepper", () => {
  it("asks for one serving more or less, and never fewer than one", () => {
    const onChange = vi.fn();
    const { rerender } = render(<ServingsStepper servings={4} onChange={onChange} />);
    expect(screen.getByRole("status")).toHaveTextContent("4 servings");
    fireEvent.click(screen.getByRole("button", { name: "More servings" }));
    expect(onChange).toHaveBeenLastCalledWith(5);
    fireEvent.click(screen.getByRole("button", { name: "Fewer servings" }));
    expect(onChange).toHaveBeenLastCalledWith(3);

    rerender(<ServingsStepper servings={1} onChange={onChange} />);
    expect(screen.getByRole("status")).toHaveTextContent("1 serving");
    expect(screen.getByRole("button", { name: "Fewer servings" })).toBeDisabled();
  });
});
