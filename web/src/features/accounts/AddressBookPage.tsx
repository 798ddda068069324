import { ADDRESS_MESSAGES, type AddressItem } from "@shop/shared/addresses/api";
import { useState } from "react";
import {
  type AddressInput,
  answerOf,
  errorsByField,
  useAddAddressMutation,
  useAddressesQuery,
  useEditAddressMutation,
  useMakeDefaultAddressMutation,
  useMeQuery,
  useRemoveAddressMutation,
} from "./accountApi";
import { AddressForm, EMPTY_ADDRESS } from "./AddressForm";
import "./account.css";

type Notice = { tone: "positive" | "negative"; text: string } | null;

/** A failed call: the server's joined messages (and its field errors), or the transport failure text. */
function failure(error: unknown, transportText: string) {
  const metadata = answerOf(error);
  if (!metadata) return { notice: transportText, fields: {} };
  const fields = errorsByField(metadata.errors);
  const text = metadata.errors?.length
    ? metadata.errors.map((line) => line.replace(/^[a-z_0-9]+: /, "")).join(" ")
    : (metadata.message ?? transportText);
  return { notice: text, fields };
}

/** /account/addresses/: the address book (storefront §2, §4): display and edit modes, add, remove, make default. */
export function AddressBookPage() {
  const { data: me } = useMeQuery();
  const { data: addresses = [], isLoading } = useAddressesQuery(undefined, { skip: !me });
  const [notice, setNotice] = useState<Notice>(null);
  const [adding, setAdding] = useState(false);
  const [addKey, setAddKey] = useState(0);
  const [addErrors, setAddErrors] = useState<Record<string, string[]>>({});
  const [add, { isLoading: saving }] = useAddAddressMutation();

  if (!me) {
    return (
      <p>
        Please <a href="/account/login/?next=/account/addresses/">sign in</a> to see your address book.
      </p>
    );
  }

  const submitNew = async (address: AddressInput) => {
    const answer = await add(address);
    if ("data" in answer) {
      // Hidden, reset (a new form next time), the add button back; the list refetches with the new entry.
      setAdding(false);
      setAddErrors({});
      setAddKey((k) => k + 1);
      setNotice(null);
      return;
    }
    const { notice: text, fields } = failure(answer.error, ADDRESS_MESSAGES.createFailed);
    setAddErrors(fields);
    setNotice({ tone: "negative", text });
  };

  return (
    <section className="address-book">
      <h1>Address book</h1>
      <p>
        <a href="/account/">Your account</a>
      </p>
      <div aria-live="polite">
        {notice && (
          <p role={notice.tone === "negative" ? "alert" : "status"} className={`alert ${notice.tone}`}>
            {notice.text}
          </p>
        )}
      </div>
      {isLoading ? <p>Loading…</p> : null}
      {!isLoading && addresses.length === 0 ? <p>You have no saved addresses yet.</p> : null}
      <ul className="address-list">
        {addresses.map((address) => (
          <AddressEntry key={address.id} address={address} onNotice={setNotice} />
        ))}
      </ul>
      {adding ? (
        <section aria-labelledby="add-address-heading" className="address-add">
          <h2 id="add-address-heading">Add an address</h2>
          <AddressForm
            key={addKey}
            initial={EMPTY_ADDRESS}
            submitLabel="Save address"
            errors={addErrors}
            busy={saving}
            onSubmit={submitNew}
            onCancel={() => {
              setAdding(false);
              setAddErrors({});
              setAddKey((k) => k + 1);
            }}
          />
        </section>
      ) : (
        <button type="button" onClick={() => setAdding(true)}>
          Add an address
        </button>
      )}
    </section>
  );
}

function AddressEntry({ address, onNotice }: { address: AddressItem; onNotice: (n: Notice) => void }) {
  const [editing, setEditing] = useState(false);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [edit, { isLoading: saving }] = useEditAddressMutation();
  const [remove] = useRemoveAddressMutation();
  const [makeDefault] = useMakeDefaultAddressMutation();
  const name = `${address.first_name} ${address.last_name}`;

  const submitEdit = async (fields: AddressInput) => {
    const answer = await edit({ id: address.id, ...fields });
    if ("data" in answer) {
      setEditing(false);
      setErrors({});
      onNotice(null);
      return;
    }
    const { notice, fields: byField } = failure(answer.error, ADDRESS_MESSAGES.editFailed);
    setErrors(byField);
    onNotice({ tone: "negative", text: notice });
  };

  const removeIt = async () => {
    if (!window.confirm(ADDRESS_MESSAGES.confirmRemove)) return;
    const answer = await remove(address.id);
    onNotice(
      "data" in answer
        ? { tone: "positive", text: answer.data?.metadata.message ?? ADDRESS_MESSAGES.removed }
        : { tone: "negative", text: failure(answer.error, ADDRESS_MESSAGES.editFailed).notice },
    );
  };

  const chooseDefault = async () => {
    const answer = await makeDefault(address.id);
    if (!("data" in answer))
      onNotice({ tone: "negative", text: failure(answer.error, ADDRESS_MESSAGES.editFailed).notice });
  };

  const { id: _id, is_default: _d, ...fields } = address;
  return (
    <li className="address-entry" aria-label={`${name}${address.is_default ? " (default)" : ""}`}>
      {editing ? (
        <AddressForm
          initial={fields}
          submitLabel="Save changes"
          errors={errors}
          busy={saving}
          onSubmit={submitEdit}
          onCancel={() => {
            setEditing(false);
            setErrors({});
          }}
        />
      ) : (
        <>
          <address>
            {name}
            <br />
            {address.street1}
            {address.street2 ? (
              <>
                <br />
                {address.street2}
              </>
            ) : null}
            <br />
            {address.city}
            {address.state ? `, ${address.state}` : ""} {address.postal_code}
            <br />
            {address.country}
            {address.phone ? (
              <>
                <br />
                {address.phone}
              </>
            ) : null}
          </address>
          {address.is_default ? <p className="default-badge">Default address</p> : null}
          <div className="address-actions">
            <button type="button" onClick={() => setEditing(true)}>
              Edit<span className="visually-hidden"> {name}</span>
            </button>
            {address.is_default ? null : (
              <button type="button" className="secondary" onClick={chooseDefault}>
                Make default<span className="visually-hidden"> {name}</span>
              </button>
            )}
            <button type="button" className="secondary" onClick={removeIt}>
              Delete<span className="visually-hidden"> {name}</span>
            </button>
          </div>
        </>
      )}
    </li>
  );
}
