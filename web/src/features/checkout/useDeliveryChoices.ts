import { useEffect, useRef, useState, type Dispatch, type SetStateAction } from "react";
import type { CheckoutStateAnswer } from "@shop/shared/checkout/api";
import type { FormValues } from "./checkoutApi";
import { ADDRESS_FIELDS } from "./stepForm";

/**
 * Step 2's choices, kept by the page so they survive a visit back to step 1: ship to billing, to an
 * address of the book (its checkout id), or to one typed ('other', restored as it was left); the
 * digital email the billing one or a gift's.
 */
export function useDeliveryChoices(
  state: CheckoutStateAnswer | undefined,
  values: FormValues,
  setValues: Dispatch<SetStateAction<FormValues>>,
) {
  const [shipMode, setShipMode] = useState<"same" | "other">("same");
  const [shipPick, setShipPick] = useState("");
  const [digitalMode, setDigitalMode] = useState<"same" | "other">("same");
  const otherShip = useRef<FormValues>({});

  useEffect(() => {
    if (!state?.delivery) return;
    const { billing, delivery } = state;
    if (ADDRESS_FIELDS.some((f) => (delivery[`ship_${f}`] ?? "") !== (billing?.[f] ?? ""))) setShipMode("other");
    if (delivery.digital_email && delivery.digital_email !== billing?.email) setDigitalMode("other");
  }, [state]);

  const chooseShipMode = (mode: "same" | "other") => {
    setShipPick("");
    setShipMode(mode);
    if (mode === "other") {
      // 'Other' restores what was typed there before, or starts empty in the US.
      const restored = Object.keys(otherShip.current).length
        ? otherShip.current
        : Object.fromEntries([...ADDRESS_FIELDS.map((f) => [`ship_${f}`, ""]), ["ship_country", "US"]]);
      setValues((v) => ({ ...v, ...restored }));
    } else {
      otherShip.current = Object.fromEntries(ADDRESS_FIELDS.map((f) => [`ship_${f}`, values[`ship_${f}`] ?? ""]));
    }
  };

  return { shipMode, chooseShipMode, shipPick, setShipPick, digitalMode, setDigitalMode };
}

export type DeliveryChoices = ReturnType<typeof useDeliveryChoices>;
