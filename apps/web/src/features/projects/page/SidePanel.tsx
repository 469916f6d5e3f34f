import { Overlay, Paper, useMantineTheme } from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';
import { useFloatingPanel } from './use-floating-panel';

interface SidePanelProps {
  /** The panel's accessible name. */
  label: string;
  /** Its height beside the list (desktop). */
  height: number;
  /** Where it floats: a click on the dimmed list behind closes it. */
  onClose?: (() => void) | undefined;
  children: ReactNode;
}

/**
 * The right-hand panel beside a project list (the context bar, the receiver dashboard; UI.md: about
 * 28rem, never a modal). On desktops it stands beside the list. Tablets and phones have no room for
 * both, so it becomes a sheet over the list's right side from under the nav bar to the window's foot
 * — on phones the whole width — and takes the focus. The list and the tabs behind it are dimmed
 * (issue 37: half covered, they looked usable): a click there closes the sheet, as Escape does.
 */
export function SidePanel({ label, height, onClose, children }: SidePanelProps) {
  const floating = useFloatingPanel();
  const theme = useMantineTheme();
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (floating) ref.current?.focus({ preventScroll: true });
  }, [floating]);

  const column = { display: 'flex', flexDirection: 'column', overflow: 'hidden' } as const;
  if (!floating) {
    return (
      <Paper
        withBorder
        radius="md"
        component="aside"
        aria-label={label}
        w="28rem"
        h={height}
        style={{ flexShrink: 0, ...column }}
      >
        {children}
      </Paper>
    );
  }
  const top = theme.other.navBarHeight as string;
  return (
    <>
      {onClose ? (
        <Overlay
          fixed
          color="#000"
          backgroundOpacity={0.35}
          zIndex={149}
          top={top}
          onClick={onClose}
          data-testid="side-panel-backdrop"
        />
      ) : null}
      <Paper
        ref={ref}
        tabIndex={-1}
        withBorder
        radius={0}
        shadow="xl"
        component="aside"
        aria-label={label}
        style={{
          ...column,
          position: 'fixed',
          top,
          right: 0,
          bottom: 0,
          width: 'min(28rem, 100vw)',
          // Above the page, below the nav bar's dashboard, dialogs and menus.
          zIndex: 150,
          outline: 'none',
        }}
      >
        {children}
      </Paper>
    </>
  );
}
