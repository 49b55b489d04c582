import { Injectable } from "@nestjs/common";
import { Cat, CatNotFoundError, Photo } from "./cat";
import { CreateCatDto, UpdateCatDto } from "./dto/create-cat.dto";
import { ListCatsQuery } from "./dto/list-cats.query";

@Injectable()
export class CatsService {
  private readonly cats = new Map<number, Cat>();
  private readonly photos = new Map<number, Photo>();
  private nextId = 1;

  constructor() {
    this.create({ name: "Tom", age: 3, breed: "Tabby", tags: ["indoor"] });
    this.create({ name: "Felix", age: 5, tags: ["outdoor", "hunter"] });
    this.create({ name: "Garfield", age: 7, breed: "Persian", tags: ["indoor", "lazy"] });
  }

  list(query: ListCatsQuery): { total: number; items: Cat[] } {
    let items = [...this.cats.values()];
    if (query.tag !== undefined) items = items.filter((cat) => cat.tags.includes(query.tag!));
    if (query.sort === "name") items.sort((a, b) => a.name.localeCompare(b.name));
    if (query.sort === "age") items.sort((a, b) => a.age - b.age);
    const offset = query.offset ?? 0;
    return { total: items.length, items: items.slice(offset, offset + (query.limit ?? 10)) };
  }

  get(id: number): Cat {
    const cat = this.cats.get(id);
    if (!cat) throw new CatNotFoundError(id);
    return cat;
  }

  create(dto: CreateCatDto): Cat {
    const cat: Cat = { id: this.nextId++, name: dto.name, age: dto.age, tags: dto.tags ?? [] };
    if (dto.breed !== undefined) cat.breed = dto.breed;
    this.cats.set(cat.id, cat);
    return cat;
  }

  update(id: number, dto: UpdateCatDto): Cat {
    const cat = this.get(id);
    // The DTO instance has every declared field (undefined when absent): copy the ones sent.
    for (const [key, value] of Object.entries(dto)) if (value !== undefined) Object.assign(cat, { [key]: value });
    return cat;
  }

  remove(id: number): void {
    this.get(id);
    this.cats.delete(id);
    this.photos.delete(id);
  }

  setPhoto(id: number, photo: Photo): void {
    this.get(id);
    this.photos.set(id, photo);
  }

  getPhoto(id: number): Photo {
    const photo = this.photos.get(this.get(id).id);
    if (!photo) throw new CatNotFoundError(id);
    return photo;
  }
}
