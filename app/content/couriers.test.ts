import { describe, expect, it } from "vitest";
import {
  courierIds,
  courierLabel,
  isCourierId,
  needsTrackingNumber,
  trackingUrlFor,
} from "~/content/couriers";

describe("couriers", () => {
  it("offers the four couriers of the issue and 'otro', in that order", () => {
    expect(courierIds).toEqual(["chilexpress", "starken", "correos", "bluexpress", "otro"]);
    expect(courierIds.map((id) => courierLabel(id))).toEqual([
      "Chilexpress",
      "Starken",
      "Correos de Chile",
      "Blue Express",
      "Otro",
    ]);
    expect(isCourierId("dhl")).toBe(false);
    expect(isCourierId("toString")).toBe(false);
  });

  it("needs a tracking number for every listed courier, not for 'otro'", () => {
    expect(courierIds.filter(needsTrackingNumber)).toEqual([
      "chilexpress",
      "starken",
      "correos",
      "bluexpress",
    ]);
  });

  it("links each listed courier's tracking page with the number encoded", () => {
    expect(trackingUrlFor("chilexpress", "123")).toBe("https://centrodeayuda.chilexpress.cl/seguimiento/123");
    expect(trackingUrlFor("starken", " 987 ")).toBe("https://www.starken.cl/seguimiento?codigo=987");
    expect(trackingUrlFor("correos", "RR123CL")).toBe(
      "https://www.correos.cl/web/guest/seguimiento-en-linea?codigos=RR123CL",
    );
    expect(trackingUrlFor("bluexpress", "A B")).toBe("https://www.blue.cl/seguimiento/?n_seguimiento=A%20B");
    expect(trackingUrlFor("starken", "1&x=<2>")).toBe(
      "https://www.starken.cl/seguimiento?codigo=1%26x%3D%3C2%3E",
    );
  });

  it("has no link for 'otro', an unknown courier or a missing number", () => {
    expect(trackingUrlFor("otro", "123")).toBeNull();
    expect(trackingUrlFor("dhl", "123")).toBeNull();
    expect(trackingUrlFor(null, "123")).toBeNull();
    expect(trackingUrlFor("starken", null)).toBeNull();
    expect(trackingUrlFor("starken", "  ")).toBeNull();
  });

  it("names 'otro' by what staff typed", () => {
    expect(courierLabel("otro", " Transportes Sur ")).toBe("Transportes Sur");
    expect(courierLabel("otro", "")).toBe("Otro");
    expect(courierLabel("starken", "ignorado")).toBe("Starken");
    expect(courierLabel(null)).toBeNull();
  });
});
