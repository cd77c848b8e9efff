// A whole-number input whose text may be empty while it is edited. A controlled number box that put its minimum back
// as soon as it was emptied turned "select, delete, type 500" into 1500; this one commits a number only when the text
// is one (int-draft.ts) and shows the committed value again when it loses focus.
import { useState, type InputHTMLAttributes } from 'react';
import { intDraft } from './int-draft';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'min' | 'value' | 'onChange'> & {
  value: number;
  min: number;
  onValue: (value: number) => void;
};

export function IntInput({ value, min, onValue, onBlur, ...rest }: Props) {
  const [text, setText] = useState(String(value));
  const [committed, setCommitted] = useState(value);
  // A value set from outside (the form loaded): show it.
  if (value !== committed) {
    setCommitted(value);
    setText(String(value));
  }
  return (
    <input
      {...rest}
      type="number"
      min={min}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        const n = intDraft(e.target.value, min);
        if (n === null) return;
        setCommitted(n);
        onValue(n);
      }}
      onBlur={(e) => {
        setText(String(value));
        onBlur?.(e);
      }}
    />
  );
}
