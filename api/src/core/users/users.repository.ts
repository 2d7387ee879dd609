import { Inject, Injectable } from '@nestjs/common';
import { DataSource, IsNull, type EntityManager, type Repository } from 'typeorm';
import { User } from './user.entity.js';

@Injectable()
export class UsersRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  private repo(manager?: EntityManager): Repository<User> {
    return (manager ?? this.db.manager).getRepository(User);
  }

  findByEmail(email: string, manager?: EntityManager): Promise<User | null> {
    return this.repo(manager).findOneBy({ email });
  }

  findById(id: string, manager?: EntityManager): Promise<User | null> {
    return this.repo(manager).findOneBy({ id });
  }

  insert(user: Partial<User>, manager?: EntityManager): Promise<User> {
    const repo = this.repo(manager);
    return repo.save(repo.create(user));
  }

  async update(id: string, changes: Partial<User>, manager?: EntityManager): Promise<void> {
    await this.repo(manager).update({ id }, changes);
  }

  /** Admins who can act on approval mails: enabled and approved. */
  activeAdmins(manager?: EntityManager): Promise<User[]> {
    return this.repo(manager).find({ where: { role: 'admin', disabledAt: IsNull() }, order: { createdAt: 'ASC' } });
  }

  list(): Promise<User[]> {
    return this.repo().find({ order: { createdAt: 'ASC' } });
  }

  countAdmins(): Promise<number> {
    return this.repo().countBy({ role: 'admin' });
  }
}
