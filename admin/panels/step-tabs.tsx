/**
 * Steps shown as tabs (the WAI-ARIA tabs pattern): the chosen tab is the
 * one in the Tab order, arrow keys move between tabs (Home and End to the
 * first and last) and choose as they go, and each tab's panel is labelled
 * by its tab.
 */
import { type KeyboardEvent, type ReactNode, useRef } from 'react';

export interface Step<K extends string> {
  key: K;
  label: string;
}

export function StepTabs<K extends string>({
  label,
  steps,
  current,
  onChoose,
  idPrefix,
  children,
}: {
  label: string;
  steps: readonly Step<K>[];
  current: K;
  onChoose(step: K): void;
  idPrefix: string;
  children: ReactNode;
}) {
  const list = useRef<HTMLDivElement>(null);
  const choose = (index: number) => {
    const step = steps[(index + steps.length) % steps.length]!;
    onChoose(step.key);
    list.current?.querySelector<HTMLElement>(`#${idPrefix}-tab-${step.key}`)?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = steps.findIndex((step) => step.key === current);
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: steps.length - 1,
    };
    const to = moves[event.key];
    if (to === undefined) return;
    event.preventDefault();
    choose(to);
  };
  return (
    <div className="step-tabs">
      <div role="tablist" aria-label={label} ref={list} onKeyDown={onKeyDown} className="step-tabs__list">
        {steps.map((step, index) => (
          <button
            key={step.key}
            type="button"
            role="tab"
            id={`${idPrefix}-tab-${step.key}`}
            aria-controls={`${idPrefix}-panel`}
            aria-selected={step.key === current}
            tabIndex={step.key === current ? 0 : -1}
            className="step-tabs__tab"
            onClick={() => choose(index)}
          >
            {index + 1}. {step.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${idPrefix}-panel`}
        aria-labelledby={`${idPrefix}-tab-${current}`}
        className="step-tabs__panel"
      >
        {children}
      </div>
    </div>
  );
}
