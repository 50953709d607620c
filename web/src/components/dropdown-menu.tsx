import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

export interface MenuItem {
  readonly key: string;
  readonly label: ReactNode;
  readonly onSelect: () => void;
  readonly current?: boolean;
  readonly tone?: 'default' | 'danger' | 'accent';
}

interface DropdownMenuProps {
  readonly buttonLabel: ReactNode;
  /** Accessible name of the trigger when its content is not text. */
  readonly buttonAriaLabel?: string;
  readonly buttonClassName?: string;
  readonly header?: ReactNode;
  readonly items: readonly MenuItem[];
  readonly align?: 'start' | 'end';
  readonly menuClassName?: string;
}

/**
 * A menu button (WAI-ARIA pattern): Enter, Space or ArrowDown opens it on the first item, ArrowUp on the
 * last; arrows, Home and End move; Escape closes and returns focus; Tab closes.
 */
export function DropdownMenu({
  buttonLabel,
  buttonAriaLabel,
  buttonClassName,
  header,
  items,
  align = 'end',
  menuClassName,
}: DropdownMenuProps) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    itemRefs.current[active]?.focus();
  }, [open, active]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointer);
    return () => document.removeEventListener('mousedown', onPointer);
  }, [open]);

  const openAt = (index: number) => {
    setActive(index);
    setOpen(true);
  };
  const close = (restoreFocus: boolean) => {
    setOpen(false);
    if (restoreFocus) buttonRef.current?.focus();
  };

  const onButtonKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      openAt(0);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(items.length - 1);
    }
  };

  const onMenuKeyDown = (event: React.KeyboardEvent) => {
    const last = items.length - 1;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setActive((i) => (i >= last ? 0 : i + 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        setActive((i) => (i <= 0 ? last : i - 1));
        break;
      case 'Home':
        event.preventDefault();
        setActive(0);
        break;
      case 'End':
        event.preventDefault();
        setActive(last);
        break;
      case 'Escape':
        event.preventDefault();
        close(true);
        break;
      case 'Tab':
        close(false);
        break;
      default:
        break;
    }
  };

  return (
    <div className="menu">
      <button
        ref={buttonRef}
        type="button"
        className={buttonClassName ?? 'button button--ghost'}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={buttonAriaLabel}
        onClick={() => (open ? close(false) : openAt(0))}
        onKeyDown={onButtonKeyDown}
      >
        {buttonLabel}
      </button>
      {open ? (
        <div
          ref={menuRef}
          id={menuId}
          className={`menu__panel menu__panel--${align} ${menuClassName ?? ''}`}
          role="menu"
          onKeyDown={onMenuKeyDown}
        >
          {header ? (
            <div className="menu__header" role="presentation">
              {header}
            </div>
          ) : null}
          {items.map((item, index) => (
            <button
              key={item.key}
              ref={(el) => {
                itemRefs.current[index] = el;
              }}
              type="button"
              role="menuitem"
              tabIndex={index === active ? 0 : -1}
              aria-current={item.current ? 'page' : undefined}
              className={`menu__item menu__item--${item.tone ?? 'default'}${item.current ? ' is-current' : ''}`}
              onClick={() => {
                close(false);
                item.onSelect();
              }}
            >
              {item.label}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
