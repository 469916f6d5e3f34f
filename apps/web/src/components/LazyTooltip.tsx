import { Tooltip, type TooltipProps } from '@mantine/core';
import { cloneElement, type PointerEvent, type ReactElement } from 'react';
import { useHoverIntent } from './use-hover-intent';

type PointerHandler = (e: PointerEvent) => void;
type Child = ReactElement<{
  onPointerEnter?: PointerHandler;
  onPointerLeave?: PointerHandler;
  onPointerDown?: PointerHandler;
}>;

/**
 * Mantine's Tooltip for the markers of long lists (delivery and download dots, badges): the
 * tooltip is mounted, already open, once the pointer rested on its child for the open delay;
 * until then the child is drawn alone. It opens on hover only, as Mantine's tooltip does.
 */
export function LazyTooltip({
  children,
  openDelay = 0,
  ...props
}: Omit<TooltipProps, 'children'> & { children: Child }) {
  const { active, handlers } = useHoverIntent(openDelay);
  if (active) {
    return (
      <Tooltip {...props} openDelay={openDelay} defaultOpened>
        {children}
      </Tooltip>
    );
  }
  return cloneElement(children, {
    onPointerEnter: (e: PointerEvent) => {
      children.props.onPointerEnter?.(e);
      handlers.onPointerEnter(e);
    },
    onPointerLeave: (e: PointerEvent) => {
      children.props.onPointerLeave?.(e);
      handlers.onPointerLeave();
    },
    onPointerDown: (e: PointerEvent) => {
      children.props.onPointerDown?.(e);
      handlers.onPointerDown();
    },
  });
}
