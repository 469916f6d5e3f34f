import { Menu, type MenuDropdownProps, type MenuProps } from '@mantine/core';
import {
  cloneElement,
  useEffect,
  useRef,
  useState,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  type Ref,
} from 'react';

type Target = ReactElement<{
  ref?: Ref<HTMLButtonElement>;
  onClick?: (e: MouseEvent<HTMLElement>) => void;
  'aria-haspopup'?: 'menu';
  'aria-expanded'?: boolean;
}>;

/**
 * Mantine's Menu for the rows of long lists: until first opened only its target is drawn, so that a
 * screen of rows (mounted by the dozen on a tab switch or a scroll step) builds no Popover per row.
 * The first click mounts the menu and opens it; from then on it is Mantine's Menu, with the focus
 * in it while open and back on its button when closed.
 */
export function LazyMenu({
  target,
  dropdownProps,
  children,
  onChange,
  ...props
}: Omit<MenuProps, 'children' | 'defaultOpened' | 'opened'> & {
  target: Target;
  dropdownProps?: MenuDropdownProps;
  children: ReactNode;
}) {
  const [mounted, setMounted] = useState(false);
  const [opened, setOpened] = useState(false);
  const targetRef = useRef<HTMLButtonElement>(null);
  const hadFocus = useRef(false);

  useEffect(() => {
    if (!mounted) return;
    // The target is a new element now. It takes the focus the first one had before the menu opens:
    // the menu gives the focus back to what held it when it opened.
    if (hadFocus.current) targetRef.current?.focus();
    setOpened(true);
  }, [mounted]);

  if (!mounted) {
    return cloneElement(target, {
      'aria-haspopup': 'menu',
      'aria-expanded': false,
      onClick: (e: MouseEvent<HTMLElement>) => {
        target.props.onClick?.(e);
        hadFocus.current = document.activeElement === e.currentTarget;
        setMounted(true);
      },
    });
  }
  return (
    <Menu
      {...props}
      opened={opened}
      onChange={(next) => {
        setOpened(next);
        onChange?.(next);
      }}
    >
      <Menu.Target>{cloneElement(target, { ref: targetRef })}</Menu.Target>
      <Menu.Dropdown {...dropdownProps}>{children}</Menu.Dropdown>
    </Menu>
  );
}
