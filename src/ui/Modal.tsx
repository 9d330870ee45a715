import { type ComponentType, type ReactNode, useEffect, useId, useRef } from 'react';
import styled from 'styled-components';

import { theme } from '../lib/theme/themes';
import { Button } from './Button';

const Dialog = styled.dialog`
  width: min(640px, calc(100vw - 32px));
  max-height: calc(100vh - 48px);
  padding: 0;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.lg};
  background: ${theme.colors.surface};
  color: ${theme.colors.text};
  &::backdrop {
    background: ${theme.colors.overlay};
  }
`;
const Header = styled.header`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space[4]};
  padding: ${theme.space[4]} ${theme.space[5]};
  border-bottom: 1px solid ${theme.colors.border};
  h2 {
    margin: 0;
    font-size: ${theme.fontSizes.lg};
  }
`;
const Body = styled.div`
  padding: ${theme.space[5]};
  overflow-y: auto;
`;

/** A native modal dialog: focus trap, Escape to close and inert background come from <dialog>. */
export function Modal({ title, open, onClose, children }: { title: string; open: boolean; onClose: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [open]);
  return (
    <Dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      {open && (
        <>
          <Header>
            <h2 id={titleId}>{title}</h2>
            <Button $variant="ghost" $size="sm" onClick={onClose} aria-label="Close">
              ✕
            </Button>
          </Header>
          <Body>{children}</Body>
        </>
      )}
    </Dialog>
  );
}

/**
 * A dialog around a form about one item (`Form`), open while its `item` prop holds one. The form is
 * made afresh for each item (keyed by its id), so that it starts from the item it opens on.
 */
export function itemModal<Props extends { item: { id: number }; onClose: () => void }>(title: string, Form: ComponentType<Props>) {
  return function ItemModal({ item, ...props }: Omit<Props, 'item'> & { item: Props['item'] | null }) {
    return (
      <Modal title={title} open={item !== null} onClose={props.onClose}>
        {item && <Form key={item.id} {...({ ...props, item } as unknown as Props)} />}
      </Modal>
    );
  };
}
