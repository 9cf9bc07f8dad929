/**
 * A labelled control with its hint and its error (the form's own check, or the API's `errors[].path`)
 * tied to it for screen readers. The control is rendered by `children`, which gets the id and ARIA
 * props to spread on it next to react-hook-form's `register(...)`.
 */
import { type ReactNode, useId } from "react";
import "./form-field.css";

export type FieldProps = {
  id: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
};

export function Field({
  label,
  hint,
  error,
  className = "",
  children,
}: {
  label: string;
  hint?: string;
  error?: string;
  className?: string;
  children: (props: FieldProps) => ReactNode;
}) {
  const id = useId();
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ");
  return (
    <div className={`field ${className}`}>
      <label htmlFor={id}>{label}</label>
      {children({ id, "aria-invalid": error ? true : undefined, "aria-describedby": described || undefined })}
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
