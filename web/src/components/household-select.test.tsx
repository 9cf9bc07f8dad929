import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { makeHousehold } from "../lib/testing.tsx";
import { HouseholdSelect } from "./household-select.tsx";

const households = [makeHousehold({ id: 3, name: "Smiths" }), makeHousehold({ id: 4, name: "Flat 3B" })];

describe("HouseholdSelect", () => {
  it("offers 'Only me' and each household, and answers null or the household's id", () => {
    const onChange = vi.fn();
    render(
      <HouseholdSelect id="h" label="Shared with" value={null} households={households} onChange={onChange} />,
    );
    const select = screen.getByLabelText("Shared with");
    expect(select).toHaveDisplayValue("Only me");
    expect([...(select as HTMLSelectElement).options].map((o) => o.text)).toEqual([
      "Only me",
      "Smiths",
      "Flat 3B",
    ]);
    fireEvent.change(select, { target: { value: "4" } });
    expect(onChange).toHaveBeenLastCalledWith(4);
    fireEvent.change(select, { target: { value: "" } });
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it("keeps a household the person is not in as the chosen option, under its id", () => {
    render(
      <HouseholdSelect
        id="h"
        label="Shared with"
        value={9}
        households={households}
        onChange={() => undefined}
        privateLabel="Only its maker"
        hint="Everyone in a household sees it."
      />,
    );
    const select = screen.getByLabelText("Shared with");
    expect(select).toHaveDisplayValue("household ID 9");
    expect(select).toHaveAccessibleDescription("Everyone in a household sees it.");
    expect(screen.getByRole("option", { name: "Only its maker" })).toBeInTheDocument();
  });
});
