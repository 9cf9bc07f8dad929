import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { activate } from "../i18n/index.ts";
import { ConfirmDialog } from "./confirm-dialog.tsx";
import { ServingsStepper } from "./servings-stepper.tsx";

afterEach(async () => {
  await act(() => activate("en"));
});

describe("shared pieces in German", () => {
  it("count servings with the language's plural and name their buttons in it", async () => {
    await act(() => activate("de"));
    const onChange = vi.fn();
    const { rerender } = render(<ServingsStepper servings={4} onChange={onChange} of="Tomatensuppe" />);
    expect(screen.getByRole("status")).toHaveTextContent("4 Portionen");
    fireEvent.click(screen.getByRole("button", { name: "Mehr Portionen von Tomatensuppe" }));
    expect(onChange).toHaveBeenLastCalledWith(5);
    rerender(<ServingsStepper servings={1} onChange={onChange} />);
    expect(screen.getByRole("status")).toHaveTextContent("1 Portion");
    expect(screen.getByRole("button", { name: "Weniger Portionen" })).toBeDisabled();
  });

  it("offer the safe answer of a question in the language", async () => {
    await act(() => activate("de"));
    render(
      <ConfirmDialog
        open={false}
        title="Geschäft löschen?"
        confirmLabel="Löschen"
        onConfirm={vi.fn()}
        onCancel={vi.fn()}
      />,
    );
    expect(screen.getByRole("button", { name: "Abbrechen", hidden: true })).toBeInTheDocument();
  });
});
