import { useCallback, useReducer, useRef } from 'react';
import { formReducer, initialFormState, type FormAction, type FormState } from './form-state.ts';

export interface Form<F extends string> {
  state: FormState<F>;
  dispatch(action: FormAction<F>): void;
  /** Props for a field's input: its value and the edit that clears its error. */
  field(name: F): { name: F; value: string; onChange(event: { target: { value: string } }): void };
  /** Refs by field, to move the focus to the field that failed. */
  ref(name: F): (element: HTMLInputElement | null) => void;
  focus(name: F): void;
}

export function useForm<F extends string>(initial: Record<F, string>): Form<F> {
  const [state, dispatch] = useReducer(formReducer<F>, initial, initialFormState<F>);
  const elements = useRef(new Map<F, HTMLInputElement>());
  const field = useCallback(
    (name: F) => ({
      name,
      value: state.values[name],
      onChange: (event: { target: { value: string } }) => dispatch({ type: 'edit', field: name, value: event.target.value }),
    }),
    [state.values],
  );
  const ref = useCallback(
    (name: F) => (element: HTMLInputElement | null) => {
      if (element) elements.current.set(name, element);
      else elements.current.delete(name);
    },
    [],
  );
  const focus = useCallback((name: F) => elements.current.get(name)?.focus(), []);
  return { state, dispatch, field, ref, focus };
}
